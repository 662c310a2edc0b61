// Typings for the packages only the tests use that ship none.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  /** An OpenID Connect provider (the parts the console's browser test drives). */
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
