/**
 * The examples of one operation of the OpenAPI document: what a caller sends and what the service
 * answers. They are shown by /docs beside each operation and travel in /openapi.json (and so in the
 * generated client's copy of it); a test validates every one against the operation's schemas.
 */
export interface OperationExamples {
  /** The request body, for an operation that takes one. */
  request?: unknown;
  /** Path and query parameters worth filling in (the curl line on /docs uses them). */
  params?: Record<string, string | number | boolean>;
  /** Answers by status: the success always, and the refusals a caller most needs to expect. */
  responses: Record<string, unknown>;
}

/** Examples keyed by operationId: the name of the server client's method. */
export type ExampleTable = Record<string, OperationExamples>;
