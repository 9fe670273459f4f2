import { version } from "../../package.json";

/**
 * The server's version: package.json's `version`, read once at build time (the bundler inlines the
 * one field), so the OpenAPI document, the `Seats-Server-Version` header and the package can never
 * disagree. Clients gate features on it: SDK 5.7.x and 5.8.x need a server of 1.16.0 or later
 * (docs/api.md#versioning).
 */
export const SERVER_VERSION: string = version;

/** The response header that names {@link SERVER_VERSION} on every answer of the Worker. */
export const SERVER_VERSION_HEADER = "Seats-Server-Version";
