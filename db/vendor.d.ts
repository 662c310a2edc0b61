// Typings for the database packages that ship none.
declare module 'pg-copy-streams/copy-from.js' {
  import type { Writable } from 'node:stream';
  /** A COPY ... FROM STDIN query for pg's client.query(): write the body, end(), then 'finish' or 'error'. */
  export default function copyFrom(sql: string): Writable;
}
declare module 'pg-copy-streams/copy-to.js' {
  import type { Readable } from 'node:stream';
  /** A COPY ... TO STDOUT query for pg's client.query(): read the rows' bytes until 'end' or 'error'. */
  export default function copyTo(sql: string): Readable;
}
