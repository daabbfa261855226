/** Types of scripts/web-types.mjs, for the test that checks the committed file. */
export declare const WEB_TYPES_FILE: string;
export declare function renderWebTypes(document: unknown): Promise<string>;
export declare const CLIENT_SCHEMA_FILE: string;
export declare function renderClientSchema(document: unknown): Promise<string>;
