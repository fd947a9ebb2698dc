import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { PriceLines } from "~/components/BookingSummary";
import { ChangeConfirm, type ChangeConfirmWords } from "~/components/ChangeConfirm";
import { DataSection } from "~/components/DataFields";
import { Page } from "~/components/Page";
import { ProblemAlert } from "~/components/ProblemAlert";
import { useVenueLangOf } from "~/components/SiteFooter";
import { useLocalePath } from "~/components/useLanguage";
import type { ChangeQuote } from "~/domain/booking-change";
import { changeNotice, parseExpectedPrice } from "~/domain/change-form";
import type { ExtraProblem } from "~/domain/extras";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import type { RouteHandle } from "~/root";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { changeMessageIn as manageMessageIn, changeWordsIn } from "~/server/booking/manage-texts.server";
import { partyMessageIn, partyWords } from "~/server/booking/party-pages.server";
import { extraProblemsIn, localText, stepMessage } from "~/server/checkout/contact-texts.server";
import { requestLang } from "~/server/i18n/request.server";
import { t } from "~/server/i18n/texts.server";
import { familyExtrasPage, familyMayChooseExtras, submitFamilyExtras } from "~/server/payments/extras-change.server";
import { getDb } from "~/server/platform/db.server";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.extrasTitle ?? "Zusatzleistungen ändern", [{ name: "robots", content: "noindex" }]);

/**
 * The extras through the manage link (issue #30 §2), each until its order deadline. A plain form:
 * the counts, «Weiter», the change checked («Änderung prüfen») with what happens to the money.
 * In the page's language (issue #33); the extras, their choices and the offer are the venue's words.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  if (!(await familyMayChooseExtras(db, r))) throw redirect(localePath(lang, `/buchung/${params.token}`));
  const page = await familyExtrasPage(db, r, [], new Date(), lang);
  return {
    t: partyWords(lang, ["extrasTitle", "extrasNone", "next", "cancel"]),
    token: params.token!,
    heading: t(lang, "party", "extrasHeading", { when: page.when }),
    page,
  };
}

/** `quote.words`: the confirmation's words on a page in another language (German: ChangeConfirm's own). */
type ActionData = {
  error: string | null;
  problems: ExtraProblem[];
  fields: Record<string, string>;
  quote?: { quote: ChangeQuote; before: string; after: string; words?: ChangeConfirmWords };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  // A message of the change (changeBooking, planExtras) in the page's language: the extras' own
  // (`partyMsg`, the extras' checks), every change's (`manageChange`, `msg`); the meals' guard words its own already.
  const changeMessageIn = (german: string) => {
    for (const wording of [(m: string) => partyMessageIn(lang, m), (m: string) => manageMessageIn(lang, m), (m: string) => localText(lang, m)]) {
      const worded = wording(german);
      if (worded !== german) return worded;
    }
    return german;
  };
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const result = await submitFamilyExtras(db, r, form, { token: params.token!, confirmed: form.get("confirm") === "1", expectedPriceRappen: parseExpectedPrice(form.get("expect")), lang });
  if (result.kind === "problems") return data<ActionData>({ error: stepMessage(lang, "extrasCheck"), problems: extraProblemsIn(lang, result.problems), fields: {} }, { status: 400 });
  const { outcome } = result;
  if ("ok" in outcome) {
    const status = outcome.reason === "slot_taken" || outcome.reason === "refused" ? 409 : outcome.reason === "payment_failed" ? 502 : 400;
    return data<ActionData>({ error: changeMessageIn(outcome.message), problems: [], fields: result.fields }, { status });
  }
  if (outcome.kind === "quote") {
    const message = outcome.message === null ? null : changeMessageIn(outcome.message);
    // Before and after are the extras (worded by submitFamilyExtras); the rest as every change's confirmation words it.
    const change = { before: result.before, after: result.after };
    const words = lang === "de" ? undefined : { ...changeWordsIn(lang, outcome.quote), ...change };
    return data<ActionData>({ error: message, problems: [], fields: result.fields, quote: { quote: outcome.quote, ...change, words } });
  }
  if (outcome.kind === "payment") return redirect(outcome.paymentUrl, { status: 303 });
  return redirect(localePath(lang, `/buchung/${params.token}?ok=${changeNotice("geaendert", outcome.refund)}`), { status: 303 });
}

export default function ChangeExtras() {
  const { t, token, heading, page } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const to = useLocalePath();
  const venueLang = useVenueLangOf();
  if (result?.quote) {
    const { quote, before, after, words } = result.quote;
    return (
      <Page title={t.extrasTitle}>
        <ChangeConfirm quote={quote} message={result.error} backHref={to(`/buchung/${token}/zusatzleistungen`)} hidden={result.fields} texts={{ before, after }} words={words} />
      </Page>
    );
  }
  const problemOf = (field: string) => result?.problems.find((p) => p.field === field)?.message;
  return (
    <Page title={t.extrasTitle}>
      {result?.error ? <ProblemAlert message={result.error} problems={result.problems} /> : null}
      <section className="card summary" aria-labelledby="extras-now-title">
        <h2 id="extras-now-title">{heading}</h2>
        <p lang={venueLang(page.offerName)}>{page.offerName}</p>
        {page.lines.length > 0 ? (
          <dl className="price-lines">
            <PriceLines lines={page.lines} />
          </dl>
        ) : (
          <p>{t.extrasNone}</p>
        )}
      </section>
      <Form method="post" noValidate>
        <DataSection section={page.section} typed={result?.fields ?? {}} problemOf={problemOf} />
        {page.fixed.map((f) => (
          <p className="muted" key={f}>
            {f}
          </p>
        ))}
        <p className="actions">
          <button type="submit" className="button">
            {t.next}
          </button>{" "}
          <a className="button button-secondary" href={to(`/buchung/${token}`)}>
            {t.cancel}
          </a>
        </p>
      </Form>
    </Page>
  );
}
