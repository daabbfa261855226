// The `cors` package (the one Nest's `enableCors` uses) ships no types; these are its
// options as Nest declares them.
declare module 'cors' {
  import type {
    CorsOptions,
    CorsOptionsDelegate,
  } from '@nestjs/common/interfaces/external/cors-options.interface';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  function cors(
    options?: CorsOptions | CorsOptionsDelegate<IncomingMessage>,
  ): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  export = cors;
}
