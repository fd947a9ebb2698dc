import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { DataFields } from "~/components/DataFields";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { PARTY_FIELD_NAMES, PARTY_MSG, parsePartyDetails, partyDataFields, partyFormValues } from "~/domain/party-details";
import { formatDateDE, formatTime } from "~/domain/time";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { familyMayEditParty, partyDetailsOf, updatePartyDetails } from "~/server/booking/party.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Angaben zur Party", [{ name: "robots", content: "noindex" }]);

/**
 * The birthday child and allergies through the manage link (issue #30 §1), until the party begins.
 * A plain form (no JavaScript needed); the server checks and stores, and the manage page says so.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  if (!familyMayEditParty(r)) throw redirect(`/buchung/${params.token}`);
  return {
    token: params.token!,
    when: `${formatDateDE(r.date)}, ${formatTime(r.startMin)} Uhr`,
    offerName: r.offerName,
    fields: partyDataFields(partyFormValues(partyDetailsOf(r))),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const values = Object.fromEntries(PARTY_FIELD_NAMES.map((f) => [f, String(form.get(f) ?? "").slice(0, 5000)]));
  const parsed = parsePartyDetails(values);
  if (!parsed.ok) return data({ error: PARTY_MSG.check, fields: partyDataFields(values, parsed.problems) }, { status: 400 });
  const saved = await updatePartyDetails(db, { reservationId: r.id, details: parsed.details, actor: CUSTOMER_ACTOR, byStaff: false });
  if (!saved.ok) return data({ error: saved.message, fields: partyDataFields(values) }, { status: saved.status });
  return redirect(`/buchung/${params.token}?ok=${saved.changed ? "party" : "party-unchanged"}`, { status: 303 });
}

export default function PartyDetailsPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Page title="Angaben zur Party">
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="party-title">
        <h2 id="party-title">{PARTY_MSG.title}</h2>
        <p>
          Ihre Feier am {loaded.when} ({loaded.offerName}). Die Angaben gehen an unser Team und die Küche; Sie können sie bis zum Beginn der Feier
          ändern.
        </p>
        <Form method="post">
          <DataFields fields={result?.fields ?? loaded.fields} />
          <p className="actions">
            <button type="submit" className="button">
              Speichern
            </button>{" "}
            <a className="button button-secondary" href={`/buchung/${loaded.token}`}>
              Abbrechen
            </a>
          </p>
        </Form>
      </section>
    </Page>
  );
}
