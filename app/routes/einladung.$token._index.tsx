import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GuestAnswerForm, InvitationDetails } from "~/components/GuestAnswerForm";
import { Page } from "~/components/Page";
import { GUEST_TEXT as T, invitationClosedMessage, type GuestProblem } from "~/domain/guests";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { invitationPage, submitAnswer } from "~/server/guests/answers.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

/** A secret link: never cached, never indexed (Referrer-Policy `same-origin`: serve.server.ts). */
export const headers: HeadersFunction = () => MANAGE_HEADERS;

/**
 * Link previews (WhatsApp, Signal, mail clients) read these: the child's first name and age the host
 * chose to share, the day and the venue — nothing of the host family's contact data.
 */
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const title = loaded ? loaded.view.ogTitle : T.invitationTitle;
  const description = loaded ? loaded.view.ogDescription : T.notFound;
  return [
    { title: `${title} – Fun World` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "robots", content: "noindex" },
  ];
};

/** The invitation (issue #32 §1) and the answer form (§2): no account, no JavaScript needed. */
export async function loader({ params }: LoaderFunctionArgs) {
  const page = await invitationPage(await getDb(), params.token ?? "");
  if (!page) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  return { view: page.view, token: params.token! };
}

type ActionData = { message?: string; problems: GuestProblem[]; values: Record<string, string> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await submitAnswer(await getDb(), { token: params.token ?? "", form, clientKey: clientKey(request, context) });
  if (result.kind === "saved") return redirect(`/einladung/antwort/${result.token}?neu=${result.mailed ? "mail" : "1"}`, 303);
  if (result.kind === "problems") return data<ActionData>({ problems: result.form.problems, values: result.form.values }, { status: 400 });
  if (result.status === 404) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  return data<ActionData>({ message: result.message, problems: [], values: {} }, { status: result.status });
}

export default function InvitationPage() {
  const { view, token } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const closed = invitationClosedMessage(view.state, view.deadline);
  return (
    <Page title={view.heading}>
      <section className="card summary invitation" aria-labelledby="invitation-title">
        <h2 id="invitation-title">{T.invitationTitle}</h2>
        <InvitationDetails view={view} />
        <p>
          <a href={`/einladung/${token}/drucken`}>{T.print}</a>
        </p>
      </section>
      <section className="card" aria-labelledby="answer-title">
        <h2 id="answer-title">{T.answerTitle}</h2>
        {result?.message ? (
          <p role="alert" className="alert alert-error">
            {result.message}
          </p>
        ) : null}
        {closed ? (
          <p className="alert alert-info">{closed}</p>
        ) : (
          <>
            <p>{T.answerIntro}</p>
            <GuestAnswerForm meals={view.meals} values={result?.values ?? {}} problems={result?.problems ?? []} withEmail submitLabel={T.send} />
          </>
        )}
      </section>
    </Page>
  );
}
