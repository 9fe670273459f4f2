// Imports a TypeScript module of the repository from a Node script: esbuild bundles it (offline,
// in milliseconds) and the result is imported from a data URL. For data modules such as the SDK's
// catalogs, whose TypeScript types check them and whose values the build and the guides need.
import esbuild from "esbuild";

/** The module's exports. */
export async function importTs(file) {
  const built = await esbuild.build({ entryPoints: [file], bundle: true, write: false, format: "esm", logLevel: "warning" });
  return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString("base64")}`);
}
