import { useRouteLoaderData } from "@remix-run/react";
import type { VenueFacts } from "~/domain/venue-settings";

/** The venue's changeable facts from the root loader; null when the database could not be read. */
export function useVenueFacts(): VenueFacts | null {
  return useRouteLoaderData<{ venue?: VenueFacts | null }>("root")?.venue ?? null;
}
