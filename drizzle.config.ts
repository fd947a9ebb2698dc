import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/platform/schema.ts",
  out: "./drizzle",
});
