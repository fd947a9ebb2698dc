import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GuestAnswerForm, InvitationDetails } from "~/components/GuestAnswerForm";
import { Page } from "~/components/Page";
import { GUEST_TEXT, type GuestProblem, type GuestStatus } from "~/domain/guests";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { answerPage, closedMessage, editAnswer } from "~/server/guests/answers.server";
import { answerUrl } from "~/server/guests/invitations.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
/** In the language of its URL (issue #33): the one the guest answered in; the guest may switch. */
export const handle: RouteHandle = { translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  localPageMeta(matches, data?.t.thanksTitle ?? GUEST_TEXT.thanksTitle, [{ name: "robots", content: "noindex" }]);

const STATUS_KEYS = { coming: "statusComing", waiting: "statusWaiting", declinedByHost: "statusDeclinedByHost", notComing: "statusNotComing" } as const satisfies Record<GuestStatus, string>;

/**
 * One guest's answer through its own link (issue #32 §2): the status of this answer only (never
 * the other guests'), the link to keep, and the form to change it until the deadline.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const page = await answerPage(await getDb(), params.token ?? "", new Date(), lang);
  if (!page) throw new Response(t(lang, "guests", "notFound"), { status: 404, headers: MANAGE_HEADERS });
  const T = texts(lang, "guests");
  const query = new URL(request.url).searchParams;
  const neu = query.get("neu");
  const notice = neu === "1" || neu === "mail" ? T.thanks : query.get("ok") === "1" ? T.saved : null;
  const { view } = page;
  return {
    view,
    form: page.form,
    invitationPath: page.invitationPath,
    t: T,
    status: T[STATUS_KEYS[page.status]],
    closed: closedMessage(lang, view.state, view.deadline),
    meals: view.meals.map((meal) => ({ ...meal, label: t(lang, "guests", "meal", { name: meal.name }) })),
    notice,
    mailed: neu === "mail",
    // The link to keep, in the page's language.
    link: answerUrl(params.token!, lang),
  };
}

type ActionData = { message?: string; problems: GuestProblem[]; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  const result = await editAnswer(await getDb(), { token: params.token ?? "", form, lang });
  if (result.kind === "saved") return redirect(localePath(lang, `/einladung/antwort/${params.token ?? ""}?ok=1`), 303);
  if (result.kind === "problems") return data<ActionData>({ problems: result.form.problems, values: result.form.values }, { status: 400 });
  if (result.status === 404) throw new Response(result.message, { status: 404, headers: MANAGE_HEADERS });
  return data<ActionData>({ message: result.message, problems: [], values: {} }, { status: result.status });
}

export default function GuestAnswerPage() {
  const { view, status, form, notice, mailed, link, invitationPath, t: T, closed, meals } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  return (
    <Page title={view.heading}>
      {notice ? (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      ) : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">{T.thanksTitle}</h2>
        <p>
          <strong>{status}</strong>
        </p>
        <p>{T.keepLink}</p>
        <p className="break-all">
          <a href={link}>{link}</a>
        </p>
        {mailed ? <p>{T.linkMailed}</p> : null}
        {invitationPath && view.state === "open" ? (
          <p>
            <a className="button button-secondary" href={invitationPath}>
              {T.anotherChild}
            </a>
          </p>
        ) : null}
      </section>
      <section className="card summary" aria-labelledby="invitation-title">
        <h2 id="invitation-title">{T.invitationTitle}</h2>
        <InvitationDetails view={view} t={T} />
      </section>
      <section className="card" aria-labelledby="change-title">
        <h2 id="change-title">{T.save}</h2>
        {result?.message ? (
          <p role="alert" className="alert alert-error">
            {result.message}
          </p>
        ) : null}
        {closed ? (
          <p className="alert alert-info">{closed}</p>
        ) : (
          <GuestAnswerForm meals={meals} values={result?.values ?? form} problems={result?.problems ?? []} withEmail={false} submitLabel={T.save} t={T} />
        )}
      </section>
    </Page>
  );
}
