/**
 * Where a table's seats sit around it: the formula lives with the vocabulary (domain/table-placement.ts),
 * where the compact objects form uses it too; the designer, the SDK and the dashboard read it here.
 */
export * from "../domain/table-placement";
