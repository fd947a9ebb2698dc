import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { PriceLines } from "~/components/BookingSummary";
import { ChangeConfirm } from "~/components/ChangeConfirm";
import { DataSection } from "~/components/DataFields";
import { Page } from "~/components/Page";
import { ProblemAlert } from "~/components/ProblemAlert";
import type { ChangeQuote } from "~/domain/booking-change";
import { changeNotice, parseExpectedPrice } from "~/domain/change-form";
import { EXTRAS_MSG, type ExtraProblem } from "~/domain/extras";
import { pageMeta } from "~/domain/page-meta";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { familyExtrasPage, familyMayChooseExtras, submitFamilyExtras } from "~/server/payments/extras-change.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Zusatzleistungen ändern", [{ name: "robots", content: "noindex" }]);

/**
 * The extras through the manage link (issue #30 §2), each until its order deadline. A plain form:
 * the counts, «Weiter», the change checked («Änderung prüfen») with what happens to the money.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  if (!(await familyMayChooseExtras(db, r))) throw redirect(`/buchung/${params.token}`);
  return { token: params.token!, page: await familyExtrasPage(db, r) };
}

type ActionData = { error: string | null; problems: ExtraProblem[]; fields: Record<string, string>; quote?: { quote: ChangeQuote; before: string; after: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  const result = await submitFamilyExtras(db, r, form, { token: params.token!, confirmed: form.get("confirm") === "1", expectedPriceRappen: parseExpectedPrice(form.get("expect")) });
  if (result.kind === "problems") return data<ActionData>({ error: EXTRAS_MSG.check, problems: result.problems, fields: {} }, { status: 400 });
  const { outcome } = result;
  if ("ok" in outcome) {
    const status = outcome.reason === "slot_taken" || outcome.reason === "refused" ? 409 : outcome.reason === "payment_failed" ? 502 : 400;
    return data<ActionData>({ error: outcome.message, problems: [], fields: result.fields }, { status });
  }
  if (outcome.kind === "quote") return data<ActionData>({ error: outcome.message, problems: [], fields: result.fields, quote: { quote: outcome.quote, before: result.before, after: result.after } });
  if (outcome.kind === "payment") return redirect(outcome.paymentUrl, { status: 303 });
  return redirect(`/buchung/${params.token}?ok=${changeNotice("geaendert", outcome.refund)}`, { status: 303 });
}

export default function ChangeExtras() {
  const { token, page } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const base = `/buchung/${token}/zusatzleistungen`;
  if (result?.quote) {
    return (
      <Page title="Zusatzleistungen ändern">
        <ChangeConfirm quote={result.quote.quote} message={result.error} backHref={base} hidden={result.fields} texts={{ before: result.quote.before, after: result.quote.after }} />
      </Page>
    );
  }
  const problemOf = (field: string) => result?.problems.find((p) => p.field === field)?.message;
  return (
    <Page title="Zusatzleistungen ändern">
      {result?.error ? <ProblemAlert message={result.error} problems={result.problems} /> : null}
      <section className="card summary" aria-labelledby="extras-now-title">
        <h2 id="extras-now-title">Ihre Feier am {page.when}</h2>
        <p>{page.offerName}</p>
        {page.lines.length > 0 ? (
          <dl className="price-lines">
            <PriceLines lines={page.lines} />
          </dl>
        ) : (
          <p>{EXTRAS_MSG.none}</p>
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
            Weiter
          </button>{" "}
          <a className="button button-secondary" href={`/buchung/${token}`}>
            Abbrechen
          </a>
        </p>
      </Form>
    </Page>
  );
}
