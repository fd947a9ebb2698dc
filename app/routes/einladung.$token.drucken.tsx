import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvitationDetails } from "~/components/GuestAnswerForm";
import { GUEST_TEXT as T } from "~/domain/guests";
import { pageMeta } from "~/domain/page-meta";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { invitationPage } from "~/server/guests/answers.server";
import { invitationQrSvg, invitationUrl } from "~/server/guests/invitations.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta(T.invitationTitle, [{ name: "robots", content: "noindex" }]);

/**
 * The invitation to print (issue #32 §1): A6 by default or A5 (`?format=a5`), black on white, with
 * a QR code of the invitation link so a paper card still leads to the answer form.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = await invitationPage(await getDb(), params.token ?? "");
  if (!page) throw new Response(T.notFound, { status: 404, headers: MANAGE_HEADERS });
  const url = invitationUrl(params.token!);
  const format = new URL(request.url).searchParams.get("format") === "a5" ? "a5" : "a6";
  return { view: page.view, url, qr: await invitationQrSvg(url), format, token: params.token! };
}

export default function PrintInvitation() {
  const { view, url, qr, format, token } = useLoaderData<typeof loader>();
  return (
    <main className={`invitation-print invitation-${format}`}>
      <p className="no-print">
        <a href={`/einladung/${token}/drucken?format=a6`}>A6</a> · <a href={`/einladung/${token}/drucken?format=a5`}>A5</a> · <a href={`/einladung/${token}`}>{T.answerTitle}</a>
      </p>
      <p className="no-print muted">{T.printHint}</p>
      <h1>{view.heading}</h1>
      <InvitationDetails view={view} />
      {/* The SVG is drawn by the qrcode library from our own URL: no user text in it. */}
      <div className="invitation-qr" role="img" aria-label={T.qrLabel} dangerouslySetInnerHTML={{ __html: qr }} />
      <p className="invitation-link">{url}</p>
    </main>
  );
}
