import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type DraftErrors, withoutGameErrors } from '../utils/form-draft.ts';
import {
  emptyGame,
  type GameDraft,
  type GameFields,
  patchGame,
  pickMatch,
  unlinkMatch,
} from '../utils/game-draft.ts';
import { percentText } from '../utils/model-game.ts';
import { BookmakerField } from './bookmaker-field.tsx';
import { MatchPicker, PickedMatch } from './match-picker.tsx';

interface GameRowProps {
  index: number;
  game: GameDraft;
  fields: GameFields;
  errors: DraftErrors;
  canRemove: boolean;
  bookmakersListId: string | undefined;
  onChange: (patch: Partial<GameDraft>) => void;
  onRemove: () => void;
}

function GameRow({
  index,
  game,
  fields,
  errors,
  canRemove,
  bookmakersListId,
  onChange,
  onRemove,
}: GameRowProps) {
  const error = (field: keyof GameDraft) => errors[`games.${index}.${field}`];
  const rowError = errors[`games.${index}`];
  const label = `Game ${index + 1}`;
  const rowRef = useRef<HTMLFieldSetElement>(null);
  const focusField = (field: keyof GameDraft) =>
    rowRef.current?.querySelector<HTMLInputElement>(`[name="games.${index}.${field}"]`)?.focus();
  return (
    <li className="rounded-xl border border-emerald-800/70 bg-emerald-950/40 p-3 sm:p-4">
      <fieldset ref={rowRef} className="min-w-0">
        <legend className="sr-only">{label}</legend>
        <div className="mb-2 flex min-h-10 items-center justify-between gap-3">
          <p aria-hidden="true" className="text-sm font-semibold text-amber-200">
            {label}
          </p>
          {canRemove && (
            <Button variant="ghost" className="min-h-10 px-3 text-sm text-rose-200" onClick={onRemove}>
              <span aria-hidden="true">Remove</span>
              <span className="sr-only">Remove {label.toLowerCase()}</span>
            </Button>
          )}
        </div>
        <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
          {game.pickedMatch ? (
            <PickedMatch
              match={game.pickedMatch}
              onUnlink={() => {
                onChange(unlinkMatch);
                focusField('teamA');
              }}
            />
          ) : (
            // A model pick is on its match already; retyping it unlinks it, as the note under it says.
            !game.matchId && (
              <MatchPicker
                onPick={(match) => {
                  onChange(pickMatch(match));
                  // The match is set: what is left to type is the pick.
                  focusField('prediction');
                }}
              />
            )
          )}
          <TextField
            label="Team A"
            name={`games.${index}.teamA`}
            autoComplete="off"
            maxLength={80}
            value={game.teamA}
            onChange={(event) => onChange({ teamA: event.target.value })}
            error={error('teamA')}
          />
          <TextField
            label="Team B"
            name={`games.${index}.teamB`}
            autoComplete="off"
            maxLength={80}
            value={game.teamB}
            onChange={(event) => onChange({ teamB: event.target.value })}
            error={error('teamB')}
          />
          <TextField
            label="League"
            name={`games.${index}.league`}
            autoComplete="off"
            maxLength={80}
            value={game.league}
            onChange={(event) => onChange({ league: event.target.value })}
            error={error('league')}
          />
          <TextField
            label="Kickoff (Lagos time)"
            name={`games.${index}.kickoff`}
            type="datetime-local"
            value={game.kickoff}
            onChange={(event) => onChange({ kickoff: event.target.value })}
            error={error('kickoff')}
          />
          <TextField
            label={fields.predictionRequired ? 'Prediction' : 'Prediction (optional)'}
            name={`games.${index}.prediction`}
            autoComplete="off"
            maxLength={120}
            placeholder="Home win"
            value={game.prediction}
            onChange={(event) => onChange({ prediction: event.target.value })}
            error={error('prediction')}
          />
          <TextField
            label="Odds (optional)"
            name={`games.${index}.odds`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.85"
            value={game.odds}
            onChange={(event) => onChange({ odds: event.target.value })}
            error={error('odds')}
          />
          {fields.withBookmaker && (
            <BookmakerField
              label="Bookmaker (optional)"
              name={`games.${index}.bookmaker`}
              listId={bookmakersListId}
              value={game.bookmaker}
              onChange={(event) => onChange({ bookmaker: event.target.value })}
              error={error('bookmaker')}
            />
          )}
        </div>
        {!game.pickedMatch && (game.matchId || game.modelProbability !== null) && (
          <ModelGameNote game={game} />
        )}
        {rowError && <p className="text-sm text-rose-300">{rowError}</p>}
      </fieldset>
    </li>
  );
}

/** Under a game that came from the model's suggestions: what stays tied to it until it is retyped. */
function ModelGameNote({ game }: { game: GameDraft }) {
  const match = game.matchId ? ', on its registered match' : '';
  const probability =
    game.modelProbability === null ? '' : `, model probability ${percentText(game.modelProbability)}`;
  return (
    <p className="text-xs text-emerald-100/75">
      From the model’s suggestions{match}
      {probability}. Retyping the match or the prediction unlinks it.
    </p>
  );
}

interface GamesEditorProps {
  games: readonly GameDraft[];
  fields: GameFields;
  errors: DraftErrors;
  maxGames: number;
  /** A datalist of bookmaker names for the per-game bookmaker field. */
  bookmakersListId?: string;
  /** Updates the list from the current one (several edits can land before a render). */
  onChange: (update: (games: GameDraft[]) => GameDraft[]) => void;
  /** The form's errors: row errors are keyed by position, so a removal clears them. */
  setErrors: Dispatch<SetStateAction<DraftErrors>>;
}

/** `onChange` for a GamesEditor whose games are the `games` of a form's draft. */
export function updateGames<Draft extends { games: GameDraft[] }>(setDraft: Dispatch<SetStateAction<Draft>>) {
  return (update: (games: GameDraft[]) => GameDraft[]) =>
    setDraft((current) => ({ ...current, games: update(current.games) }));
}

/**
 * The games of a booking code or a rollover tip: one fieldset per game, Add game (focus moves to the new
 * row's first field) and Remove (focus moves to the row before).
 */
export function GamesEditor({
  games,
  fields,
  errors,
  maxGames,
  bookmakersListId,
  onChange,
  setErrors,
}: GamesEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [focusGame, setFocusGame] = useState<number | null>(null);

  useEffect(() => {
    if (focusGame === null) return;
    listRef.current?.children[focusGame]?.querySelector('input')?.focus();
    setFocusGame(null);
  }, [focusGame]);

  const addGame = () => {
    onChange((current) => [...current, emptyGame()]);
    setFocusGame(games.length);
  };
  const removeGame = (index: number) => {
    onChange((current) => current.filter((_, i) => i !== index));
    setErrors(withoutGameErrors);
    setFocusGame(Math.max(0, index - 1));
  };

  return (
    <>
      <ol ref={listRef} className="flex flex-col gap-3">
        {games.map((game, index) => (
          <GameRow
            key={game.key}
            index={index}
            game={game}
            fields={fields}
            errors={errors}
            canRemove={games.length > 1}
            bookmakersListId={bookmakersListId}
            onChange={(patch) =>
              onChange((current) => current.map((row, i) => (i === index ? patchGame(row, patch) : row)))
            }
            onRemove={() => removeGame(index)}
          />
        ))}
      </ol>
      {errors.games && (
        <p className="mt-2 text-sm text-rose-300" role="alert">
          {errors.games}
        </p>
      )}
      <Button
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        onClick={addGame}
        disabled={games.length >= maxGames}
      >
        Add game
      </Button>
    </>
  );
}
