// The gazetteer file of the `zipcodes` package (US ZIP codes with town, state and coordinates).
declare module 'zipcodes/lib/codes.js' {
  export const codes: Record<
    string,
    { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
  >;
}
