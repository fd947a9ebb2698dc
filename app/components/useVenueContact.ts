import { useRouteLoaderData } from "@remix-run/react";
import type { VenueContact } from "~/domain/venue-contact";

/** The venue's profile as pages show it, from the root loader; null when the database could not be read. */
export function useVenueContact(): VenueContact | null {
  return useRouteLoaderData<{ contact?: VenueContact | null }>("root")?.contact ?? null;
}
