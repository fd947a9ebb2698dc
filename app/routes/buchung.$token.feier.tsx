import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { DataFields } from "~/components/DataFields";
import { Page } from "~/components/Page";
import { PartyNamed } from "~/components/PartyNamed";
import { useLocalePath } from "~/components/useLanguage";
import { localPageMeta } from "~/domain/page-meta";
import { PARTY_FIELD_NAMES, parsePartyDetails, partyDataFields, partyFormValues } from "~/domain/party-details";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { named, NAME_MARK, partyMessageIn, partyWords, whenAt } from "~/server/booking/party-pages.server";
import { familyMayEditParty, partyDetailsOf, updatePartyDetails } from "~/server/booking/party.server";
import { CUSTOMER_ACTOR } from "~/server/booking/reschedule.server";
import { partyTexts, stepMessage } from "~/server/checkout/contact-texts.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.detailsTitle ?? "Angaben zur Party", [{ name: "robots", content: "noindex" }]);

/**
 * The birthday child and allergies through the manage link (issue #30 §1), until the party begins.
 * A plain form (no JavaScript needed); the server checks and stores, and the manage page says so.
 * In the page's language (issue #33): the fields and checks are the contact step's (`dataFields`).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  if (!familyMayEditParty(r)) throw redirect(localePath(lang, `/buchung/${params.token}`));
  const party = partyTexts(lang);
  return {
    t: { ...partyWords(lang, ["detailsTitle", "save", "cancel"]), heading: party.title },
    token: params.token!,
    // «Ihre Feier am 09.12.2026, 14:00 Uhr (Kindergeburtstag). …»: the offer is the venue's name.
    lead: named(t(lang, "party", "detailsLead", { when: whenAt(lang, r), offer: NAME_MARK }), r.offerName),
    fields: partyDataFields(partyFormValues(partyDetailsOf(r)), [], party.texts),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const values = Object.fromEntries(PARTY_FIELD_NAMES.map((f) => [f, String(form.get(f) ?? "").slice(0, 5000)]));
  const words = partyTexts(lang).texts;
  const parsed = parsePartyDetails(values, words);
  if (!parsed.ok) return data({ error: stepMessage(lang, "partyCheck"), fields: partyDataFields(values, parsed.problems, words) }, { status: 400 });
  const saved = await updatePartyDetails(db, { reservationId: r.id, details: parsed.details, actor: CUSTOMER_ACTOR, byStaff: false });
  if (!saved.ok) return data({ error: partyMessageIn(lang, saved.message), fields: partyDataFields(values, [], words) }, { status: saved.status });
  return redirect(localePath(lang, `/buchung/${params.token}?ok=${saved.changed ? "party" : "party-unchanged"}`), { status: 303 });
}

export default function PartyDetailsPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const to = useLocalePath();
  const { t } = loaded;
  return (
    <Page title={t.detailsTitle}>
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="party-title">
        <h2 id="party-title">{t.heading}</h2>
        <p>
          <PartyNamed text={loaded.lead} />
        </p>
        <Form method="post">
          <DataFields fields={result?.fields ?? loaded.fields} />
          <p className="actions">
            <button type="submit" className="button">
              {t.save}
            </button>{" "}
            <a className="button button-secondary" href={to(`/buchung/${loaded.token}`)}>
              {t.cancel}
            </a>
          </p>
        </Form>
      </section>
    </Page>
  );
}
