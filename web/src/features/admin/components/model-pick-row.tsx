import type { MatchPrediction, ModelPickView } from '@cashtips/contract/predictions';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons/check-icon.tsx';
import { FieldError, inputBorder, inputClass } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveFreeTip } from '../api/save-free-tip.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatOdds } from '../utils/format.ts';
import {
  edgeOf,
  freeTipFromModel,
  modelGameOf,
  modelGameState,
  percentText,
  readPrice,
} from '../utils/model-game.ts';
import { EdgeValue } from './market-comparison.tsx';

/** The edge at the typed price; a dash until one is typed. */
function Edge({ probability, price }: { probability: number; price: number | null }) {
  if (price === null) return <span className="text-emerald-100/60">—</span>;
  return <EdgeValue edge={edgeOf(probability, price)} />;
}

/**
 * One of the model's picks on a match: its probability and fair odds, a bookmaker price to weigh it against
 * (the edge, p × price − 1), and one click to post it as a free tip or to start a rollover tip or booking code
 * with it. The free tip goes at the typed price, else at the fair odds, and keeps the model's probability.
 */
export function ModelPickRow({ match, pick }: { match: MatchPrediction; pick: ModelPickView }) {
  const navigate = useNavigate();
  const save = useSaveFreeTip();
  const [priceText, setPriceText] = useState('');
  const [posted, setPosted] = useState(false);
  const priceRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const reading = readPrice(priceText);
  const price = reading.state === 'valid' ? reading.price : null;
  const error = reading.state === 'invalid' ? reading.message : undefined;

  /** The pick as a game, or null (focus on the price) while the typed price cannot be read. */
  const game = () => {
    if (reading.state === 'invalid') {
      priceRef.current?.focus();
      return null;
    }
    return modelGameOf(match, pick, price);
  };

  const postFreeTip = async () => {
    const picked = game();
    if (!picked || save.isPending) return;
    try {
      await save.mutateAsync({ id: null, body: freeTipFromModel(picked) });
      setPosted(true);
      toast.success(
        `Free tip posted: ${picked.teamA} vs ${picked.teamB}, ${picked.label} at ${formatOdds(picked.odds)}.`,
      );
    } catch (failure) {
      toast.error(errorMessage(failure, 'The free tip was not posted. Please try again.'));
    }
  };

  const open = (path: string) => {
    const picked = game();
    if (picked) navigate(path, { state: modelGameState(picked) });
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-emerald-800/60 bg-emerald-950/40 p-3 lg:flex-row lg:items-start lg:gap-4">
      <div className="min-w-0 lg:w-52 lg:shrink-0">
        <h3 className="font-semibold break-words text-white">{pick.label}</h3>
        <dl className="mt-1 flex gap-5 text-sm">
          <div>
            <dt className="text-xs text-emerald-200/70">Probability</dt>
            <dd className="font-semibold text-white tabular-nums">{percentText(pick.probability)}</dd>
          </div>
          <div>
            <dt className="text-xs text-emerald-200/70">Fair odds</dt>
            <dd className="text-emerald-50 tabular-nums">{formatOdds(pick.fairOdds)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-col lg:w-56 lg:shrink-0">
        <div className="flex items-start gap-4">
          <div className="w-32">
            <label htmlFor={`${id}-price`} className="mb-1 block text-xs text-emerald-200/70">
              Bookmaker price <span className="sr-only">for {pick.label}</span>
            </label>
            <input
              ref={priceRef}
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatOdds(pick.fairOdds)}
              value={priceText}
              onChange={(event) => setPriceText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
              className={`${inputClass} ${inputBorder(Boolean(error))} h-11 px-3`}
            />
          </div>
          <div className="min-w-20">
            <p id={`${id}-edge-label`} className="mb-1 text-xs text-emerald-200/70">
              Edge
            </p>
            <output
              htmlFor={`${id}-price`}
              aria-labelledby={`${id}-edge-label`}
              className="flex h-11 items-center text-sm tabular-nums"
            >
              <Edge probability={pick.probability} price={price} />
            </output>
          </div>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="grid grid-cols-2 gap-2 lg:ml-auto lg:flex lg:pt-5">
        <Button
          variant={posted ? 'secondary' : 'primary'}
          className="col-span-2 min-h-11 px-3"
          onClick={() => void postFreeTip()}
          loading={save.isPending}
          disabled={posted}
        >
          {posted ? (
            <>
              <CheckIcon className="size-4" />
              Posted as free tip<span className="sr-only">: {pick.label}</span>
            </>
          ) : (
            <>
              Post as free tip<span className="sr-only">: {pick.label}</span>
            </>
          )}
        </Button>
        <Button variant="secondary" className="min-h-11 px-3" onClick={() => open(adminPaths.newRolloverTip)}>
          <span className="sr-only">New</span> Rollover tip <span className="sr-only">with {pick.label}</span>
        </Button>
        <Button variant="secondary" className="min-h-11 px-3" onClick={() => open(adminPaths.newBookingCode)}>
          <span className="sr-only">New</span> Booking code <span className="sr-only">with {pick.label}</span>
        </Button>
      </div>
    </li>
  );
}
