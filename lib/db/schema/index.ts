// The metadata schema (Drizzle over PGlite or PostgreSQL), one module per area; drizzle-kit reads it from here.
export * from "./accounts";
export * from "./persons";
export * from "./insights";
export * from "./taxonomy";
export * from "./batch-exports";
export * from "./plugins";
export * from "./alerts";
export * from "./subscriptions";
