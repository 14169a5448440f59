/** Where the console finds the version of the build it runs (`VersionFile`). */
export const VERSION_PATH = '/version.json';
