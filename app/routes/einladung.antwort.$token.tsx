import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GuestAnswerForm, InvitationDetails } from "~/components/GuestAnswerForm";
import { Page } from "~/components/Page";
import { GUEST_TEXT as T, invitationClosedMessage, type GuestProblem } from "~/domain/guests";
import { pageMeta } from "~/domain/page-meta";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { answerPage, editAnswer } from "~/server/guests/answers.server";
import { answerUrl } from "~/server/guests/invitations.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta(T.thanksTitle, [{ name: "robots", content: "noindex" }]);

/**
 * One guest's answer through its own link (issue #32 §2): the status of this answer only (never
 * the other guests'), the link to keep, and the form to change it until the deadline.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = await answerPage(await getDb(), params.token ?? "");
  if (!page) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  const neu = new URL(request.url).searchParams.get("neu");
  const notice = neu === "1" || neu === "mail" ? T.thanks : new URL(request.url).searchParams.get("ok") === "1" ? T.saved : null;
  return { ...page, notice, mailed: neu === "mail", link: answerUrl(params.token!) };
}

type ActionData = { message?: string; problems: GuestProblem[]; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await editAnswer(await getDb(), { token: params.token ?? "", form });
  if (result.kind === "saved") return redirect(`/einladung/antwort/${params.token ?? ""}?ok=1`, 303);
  if (result.kind === "problems") return data<ActionData>({ problems: result.form.problems, values: result.form.values }, { status: 400 });
  if (result.status === 404) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  return data<ActionData>({ message: result.message, problems: [], values: {} }, { status: result.status });
}

export default function GuestAnswerPage() {
  const { view, status, form, notice, mailed, link, invitationPath } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const closed = invitationClosedMessage(view.state, view.deadline);
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
          <strong>{T.status[status]}</strong>
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
        <InvitationDetails view={view} />
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
          <GuestAnswerForm meals={view.meals} values={result?.values ?? form} problems={result?.problems ?? []} withEmail={false} submitLabel={T.save} />
        )}
      </section>
    </Page>
  );
}
