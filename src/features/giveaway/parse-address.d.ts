// The part of parse-address (no types of its own) that postal-address.server.ts uses.
declare module 'parse-address' {
  export interface ParsedLocation {
    number?: string;
    prefix?: string;
    street?: string;
    type?: string;
    suffix?: string;
    sec_unit_type?: string;
    sec_unit_num?: string;
  }
  export function parseLocation(address: string): ParsedLocation | null;
}
