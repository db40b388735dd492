import type { User } from '@cashtips/contract/auth';
import { type TelegramLinkCodeResponse, telegramMessages } from '@cashtips/contract/telegram';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatTimeLeft, useTimeLeft } from '../../../components/ui/countdown.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SwitchRow } from '../../../components/ui/switch-row.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import {
  botUsernameFromLink,
  useGenerateLinkCode,
  useTelegramAlerts,
  useUnlinkTelegram,
} from '../api/telegram.ts';

/**
 * Telegram on the profile's Security tab (spec part 2, Telegram link): the input step, the code step
 * once a code is made, and the linked state when the user has a telegramId. The account links in the
 * bot; the `telegram` socket event (useTelegramSync) turns the code step into the linked state live.
 */
export function TelegramLink() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section aria-labelledby="telegram-link-title" className="card min-w-0 gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-400/15 text-sky-300">
          <TelegramIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="telegram-link-title" className="text-lg font-bold text-white">
            Telegram
          </h2>
          <p className="text-sm text-emerald-100/75">
            Get your alerts as Telegram messages and check tips and balances from our bot.
          </p>
        </div>
      </div>
      {user.telegramId ? <LinkedState user={user} /> : <LinkSteps />}
    </section>
  );
}

function LinkSteps() {
  const [identifier, setIdentifier] = useState('');
  const [code, setCode] = useState<TelegramLinkCodeResponse | null>(null);
  const generate = useGenerateLinkCode();
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const telegramIdentifier = identifier.trim();
    if (!telegramIdentifier) {
      toast.error(telegramMessages.identifierRequired);
      inputRef.current?.focus();
      return;
    }
    generate.mutate(
      { telegramIdentifier },
      {
        onSuccess: (response) => {
          setCode(response);
          toast.success(telegramMessages.codeGeneratedToast);
        },
        onError: (error) => toast.error(errorMessage(error, telegramMessages.generateFailed)),
      },
    );
  };

  if (code) return <CodeStep code={code} onChangeDetails={() => setCode(null)} />;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-emerald-50">
        Enter the Telegram username or phone number you use on Telegram. We’ll give you a code to send to our
        bot.
      </p>
      <TextField
        ref={inputRef}
        label="Telegram username or phone number"
        name="telegramIdentifier"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="@username or phone"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        hint="Your username is checked against the account that sends the code; a phone number is not."
      />
      <Button
        type="submit"
        variant="telegram"
        loading={generate.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        <TelegramIcon className="size-4" />
        Generate link code
      </Button>
    </form>
  );
}

function CodeStep({
  code,
  onChangeDetails,
}: {
  code: TelegramLinkCodeResponse;
  onChangeDetails: () => void;
}) {
  const left = useTimeLeft(code.expiresAt);
  const expired = left <= 0;
  const bot = botUsernameFromLink(code.link);
  const command = `/start ${code.linkCode}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-sky-400/30 bg-sky-400/10 p-4 text-center">
        <p className="text-sm font-medium text-sky-100">Your link code</p>
        <p
          data-testid="telegram-link-code"
          className="mt-2 font-mono text-3xl font-extrabold tracking-[0.15em] break-all text-white sm:text-4xl"
        >
          {code.linkCode}
        </p>
        <p className="mt-2 text-sm text-emerald-100/80" aria-live="polite">
          {expired ? (
            <span className="font-semibold text-rose-300">
              This code has expired. Change Details to get a new one.
            </span>
          ) : (
            <>
              Valid for{' '}
              <span className="font-mono font-semibold text-white tabular-nums">
                {formatTimeLeft(left).replace(/^00:/, '')}
              </span>{' '}
              (single use)
            </>
          )}
        </p>
        <div className="mt-3 flex justify-center">
          <CopyButton text={code.linkCode} label="Copy link code" successMessage="Link code copied" />
        </div>
      </div>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-emerald-50 marker:text-emerald-200/70">
        <li>Tap Open Telegram and press Start in the chat with our bot.</li>
        <li>
          If Telegram does not open, send{' '}
          <code className="rounded bg-emerald-950/70 px-1.5 py-0.5 font-mono break-all text-lime-200">
            {command}
          </code>{' '}
          to {bot ? <span className="font-semibold">@{bot}</span> : 'our bot'} yourself.
        </li>
        <li>This page shows your account linked as soon as the bot confirms it.</li>
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        {!expired && (
          <a
            href={code.link}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-telegram"
            aria-label="Open Telegram (opens in a new tab)"
          >
            <TelegramIcon className="size-4" />
            Open Telegram
          </a>
        )}
        <Button variant="secondary" onClick={onChangeDetails}>
          Change Details
        </Button>
      </div>
    </div>
  );
}

function LinkedState({ user }: { user: User }) {
  const alerts = useTelegramAlerts();
  const unlink = useUnlinkTelegram();
  const [confirming, setConfirming] = useState(false);
  const on = user.telegramNotifications;
  // While the switch is on its way it shows where it is going; then the answer's user is the truth.
  const shown = alerts.isPending ? alerts.variables.telegramNotifications : on;

  const toggle = () => {
    alerts.mutate({ telegramNotifications: !on });
  };

  const confirmUnlink = () =>
    unlink.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, 'Could not unlink Telegram. Please try again.')),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-xl border border-lime-300/30 bg-lime-400/10 px-4 py-3">
        <CheckCircleIcon className="size-6 shrink-0 text-lime-300" />
        <p className="min-w-0 text-sm text-emerald-50">
          <span className="block font-semibold text-white">Telegram linked</span>
          <span className="break-all">
            {user.telegramUsername ? `@${user.telegramUsername}` : 'A Telegram account without a username'}
          </span>
        </p>
      </div>
      <SwitchRow
        label="Telegram alerts"
        description={
          shown
            ? 'Your notifications also arrive as Telegram messages.'
            : 'Off: notifications stay in the app. Bot commands still work.'
        }
        checked={shown}
        busy={alerts.isPending}
        onToggle={toggle}
      />
      <Button
        variant="secondary"
        className="w-full sm:w-auto sm:self-start"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Unlink Telegram
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Unlink Telegram?"
        description="The bot will stop sending you alerts and answering account commands until you link again."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button loading={unlink.isPending} onClick={confirmUnlink}>
            Unlink
          </Button>
        </div>
      </Modal>
    </div>
  );
}
