// The few calls the server makes into packages that ship no types of their own (CommonJS, Node-only).
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The accepted encodings among `available`, best first. */
    encodings(available?: string[]): string[];
  }
}

declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  /** Calls `listener` (with the answer as `this`) just before the headers go out. */
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}

declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default function compression(options?: {
    threshold?: number | string;
  }): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

declare module 'range-parser' {
  export interface Range {
    start: number;
    end: number;
  }
  export type Ranges = Range[] & { type: string };
  /** -1: unsatisfiable; -2: malformed. */
  export default function parseRange(
    size: number,
    header: string,
    options?: { combine?: boolean },
  ): Ranges | -1 | -2;
}
