// Typings for the database packages that ship none.
declare module 'pg-copy-streams/copy-from.js' {
  import type { Writable } from 'node:stream';
  /** A COPY ... FROM STDIN query for pg's client.query(): write the body, end(), then 'finish' or 'error'. */
  export default function copyFrom(sql: string): Writable;
}
