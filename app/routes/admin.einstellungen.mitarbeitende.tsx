import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { answerFor, FormMessage, SettingsField, SettingsNav, SettingsSection, type SettingsActionData } from "~/components/SettingsForm";
import { pageMeta } from "~/domain/page-meta";
import {
  accountFormName,
  DEFAULT_ROLE,
  isAccountRole,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  parseAccountCommand,
  ROLE_HINTS,
  ROLE_LABELS,
  type AccountRole,
} from "~/domain/staff-accounts";
import { formatDateDE, venueNow } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";
import { listStaffAccounts, manageStaffAccount } from "~/server/staff/staff-accounts.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
/** Forms submit without a page reload with JavaScript (and work without it). */
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Benutzerkonten", [{ name: "robots", content: "noindex" }]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const accounts = await listStaffAccounts(await getDb());
  return {
    staff: { id: staff.id, email: staff.email },
    accounts: accounts.map((a) => ({ id: a.id, email: a.email, role: a.role, disabled: a.disabledAt !== null, createdOn: venueNow(a.createdAt).date })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const parsed = parseAccountCommand(await request.formData());
  // What is shown again beside a message: the address and the role, never the password.
  if (!parsed.ok) {
    return data<SettingsActionData>({ form: accountFormName(parsed.intent, parsed.email), ok: false, message: parsed.message, errors: parsed.errors, values: parsed.values }, { status: 400 });
  }
  const command = parsed.value;
  const form = accountFormName(command.intent, command.email);
  const result = await manageStaffAccount(await getDb(), staff, command);
  if (result.ok) return data<SettingsActionData>({ form, ok: true, message: result.message });
  const values = { email: command.email, ...("role" in command ? { role: command.role } : {}) };
  const errors = result.field ? { [result.field]: result.message } : undefined;
  return data<SettingsActionData>({ form, ok: false, message: errors ? "Bitte prüfen Sie die markierten Felder." : result.message, errors, values }, { status: result.status });
}

type Account = ReturnType<typeof useLoaderData<typeof loader>>["accounts"][number];

/**
 * With JavaScript the page is not reloaded after a submission: a password typed into a form is
 * emptied once the server has answered (as after a reload without JavaScript), and a form that
 * succeeded starts empty again.
 */
function useClearedForm(answer: SettingsActionData | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!answer || !form) return;
    if (answer.ok) form.reset();
    const password = form.elements.namedItem("password");
    if (password instanceof HTMLInputElement) password.value = "";
  }, [answer]);
  return ref;
}

const PASSWORD_LABEL = `Passwort (mindestens ${MIN_PASSWORD_LENGTH} Zeichen)`;

function RoleChoice({ form, answer }: { form: string; answer?: SettingsActionData }) {
  const error = answer?.errors?.role;
  const typed = answer && !answer.ok ? answer.values?.role : undefined;
  const chosen: AccountRole = isAccountRole(typed) ? typed : DEFAULT_ROLE;
  return (
    <fieldset className="plain-fieldset" aria-describedby={error ? `${form}-role-error` : undefined}>
      <legend>Rolle</legend>
      {(Object.keys(ROLE_LABELS) as AccountRole[]).map((role) => (
        <div className="field field-check" key={role}>
          <input id={`${form}-role-${role}`} type="radio" name="role" value={role} defaultChecked={chosen === role} />{" "}
          <label htmlFor={`${form}-role-${role}`}>
            {ROLE_LABELS[role]} <span className="muted role-hint">– {ROLE_HINTS[role]}</span>
          </label>
        </div>
      ))}
      {error ? (
        <p id={`${form}-role-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function NewAccountForm({ answer, count }: { answer?: SettingsActionData; count: number }) {
  const ref = useClearedForm(answer);
  const form = "account-new";
  return (
    <Form method="post" noValidate ref={ref} key={`new-${count}`}>
      <input type="hidden" name="intent" value="create" />
      <SettingsField
        form={form}
        name="email"
        label="E-Mail (Anmeldename)"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MAX_EMAIL_LENGTH}
        answer={answer}
        value=""
      />
      <RoleChoice form={form} answer={answer} />
      <SettingsField
        form={form}
        name="password"
        label={`Erstes ${PASSWORD_LABEL}`}
        hint="Teilen Sie es der Person persönlich mit. Es wird nirgends angezeigt oder protokolliert."
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        answer={answer}
        value=""
      />
      <FormMessage answer={answer} />
      <button type="submit" className="button">
        Konto anlegen
      </button>
    </Form>
  );
}

function PasswordForm({ account, own, answer }: { account: Account; own: boolean; answer?: SettingsActionData }) {
  const ref = useClearedForm(answer);
  const form = `account-${account.id}`;
  return (
    <Form method="post" noValidate ref={ref} className="account-form">
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="email" value={account.email} />
      <SettingsField
        form={form}
        name="password"
        label={`Neues ${PASSWORD_LABEL}`}
        hint={
          own
            ? "Beendet alle offenen Sitzungen dieses Kontos, auch Ihre: Sie melden sich danach mit dem neuen Passwort wieder an."
            : "Beendet alle offenen Sitzungen dieses Kontos: Wer damit angemeldet ist, meldet sich mit dem neuen Passwort neu an."
        }
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        answer={answer}
        value=""
      />
      <FormMessage answer={answer} />
      <button type="submit" className="button button-secondary button-small">
        Passwort setzen
      </button>
    </Form>
  );
}

function RoleForm({ account, answer }: { account: Account; answer?: SettingsActionData }) {
  const id = `account-${account.id}-role`;
  const error = answer?.errors?.role;
  return (
    <Form method="post" noValidate className="account-form" key={account.role}>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="email" value={account.email} />
      <div className="field">
        <label htmlFor={id}>Rolle</label>
        <select id={id} name="role" defaultValue={account.role} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
          {(Object.keys(ROLE_LABELS) as AccountRole[]).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <FormMessage answer={answer} />
      <button type="submit" className="button button-secondary button-small">
        Rolle speichern
      </button>
    </Form>
  );
}

function StatusForm({ account, answer }: { account: Account; answer?: SettingsActionData }) {
  return (
    <Form method="post" className="account-form">
      <input type="hidden" name="intent" value={account.disabled ? "enable" : "disable"} />
      <input type="hidden" name="email" value={account.email} />
      <p className="muted field-hint">
        {account.disabled
          ? "Das Konto ist gesperrt. Entsperrt kann sich die Person wieder anmelden (frühere Sitzungen bleiben beendet)."
          : "Sperren beendet alle offenen Sitzungen dieses Kontos sofort; anmelden kann sich die Person erst nach dem Entsperren wieder."}
      </p>
      <FormMessage answer={answer} />
      <button type="submit" className="button button-secondary button-small">
        {account.disabled ? "Konto entsperren" : "Konto sperren"}
      </button>
    </Form>
  );
}

function AccountItem({ account, own, actionData }: { account: Account; own: boolean; actionData?: SettingsActionData }) {
  const answer = (intent: "role" | "password" | "disable") => answerFor(actionData, accountFormName(intent, account.email));
  return (
    <div className="closure-item" id={`konto-${account.id}`}>
      <h3 className="break-anywhere">
        {account.email}
        {own ? " (Ihr Konto)" : ""}
      </h3>
      <p className="muted">
        Rolle «{ROLE_LABELS[account.role]}» · {account.disabled ? "gesperrt" : "aktiv"} · angelegt am <span className="nowrap">{formatDateDE(account.createdOn)}</span>
      </p>
      {own ? (
        <p className="muted">Ihr eigenes Konto können Sie weder sperren noch ihm die Rolle «Leitung» entziehen; das kann nur eine andere Person mit der Rolle «Leitung».</p>
      ) : null}
      <div className="settings-grid">
        {own ? null : <RoleForm account={account} answer={answer("role")} />}
        <PasswordForm account={account} own={own} answer={answer("password")} />
        {own ? null : <StatusForm account={account} answer={answer("disable")} />}
      </div>
    </div>
  );
}

/** Staff accounts: who may sign in to the staff area, with which role; create, change the role, set a password, disable and enable. */
export default function AccountsPage() {
  const { staff, accounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsActionData>();
  return (
    <Page title="Benutzerkonten" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/mitarbeitende" />
      <SettingsSection title="Benutzerkonten" id="accounts-title">
        <p className="muted">
          Wer sich im Mitarbeiterbereich anmelden darf. «{ROLE_LABELS.staff}»: {ROLE_HINTS.staff}. «{ROLE_LABELS.manager}»: {ROLE_HINTS.manager}. Jede Änderung wird mit Ihrer
          E-Mail-Adresse protokolliert.
        </p>
        <table className="day-table">
          <caption className="visually-hidden">Alle Benutzerkonten</caption>
          <thead>
            <tr>
              <th scope="col">E-Mail</th>
              <th scope="col">Rolle</th>
              <th scope="col">Status</th>
              <th scope="col">Angelegt</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id}>
                <td data-label="E-Mail" className="break-anywhere">
                  <a href={`#konto-${a.id}`}>{a.email}</a>
                  {a.id === staff.id ? " (Ihr Konto)" : ""}
                </td>
                <td data-label="Rolle">{ROLE_LABELS[a.role]}</td>
                <td data-label="Status">{a.disabled ? "gesperrt" : "aktiv"}</td>
                <td data-label="Angelegt">{formatDateDE(a.createdOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SettingsSection>
      <SettingsSection title="Konto anlegen" id="new-account-title">
        <NewAccountForm answer={answerFor(actionData, "account-new")} count={accounts.length} />
      </SettingsSection>
      <SettingsSection title="Konten bearbeiten" id="edit-accounts-title">
        {accounts.map((a) => (
          <AccountItem key={a.id} account={a} own={a.id === staff.id} actionData={actionData} />
        ))}
      </SettingsSection>
    </Page>
  );
}
