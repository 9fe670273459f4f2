/** The SDK's own semver (interface.md "Versioning" rule 5); the build script reads it from here. */
export const SDK_VERSION = "5.10.0";
