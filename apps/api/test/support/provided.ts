/** What the global setup hands every test file through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to the server's maintenance database, for CREATE DATABASE. */
    adminDatabaseUrl: string;
    /** The migrated database every test database is cloned from. */
    templateDatabase: string;
  }
}

export {};
