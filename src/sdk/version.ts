/** The SDK's own semver (docs/sdk.md#files-versions-and-caching); the build script reads it from here. */
export const SDK_VERSION = "5.11.0";
