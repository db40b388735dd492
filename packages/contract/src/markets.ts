/**
 * Football markets the product settles from a final score by itself (issue 12): the prediction an
 * admin types is read into one of these, or into nothing, in which case the game is settled by
 * hand. The same reading serves the server's settlement and the admin screens' "recognised as".
 */
export type Side = 'home' | 'away';
export type Market =
  | { kind: 'result'; pick: Side | 'draw' }
  | { kind: 'double-chance'; pick: '1X' | 'X2' | '12' }
  | { kind: 'total'; side: 'over' | 'under'; line: number }
  | { kind: 'btts'; pick: 'yes' | 'no' }
  | { kind: 'draw-no-bet'; pick: Side }
  /** Asian handicap on whole or half lines: `line` is added to the picked side's goals. */
  | { kind: 'handicap'; pick: Side; line: number };

export type GameOutcome = 'won' | 'lost' | 'void';
export interface Score {
  home: number;
  away: number;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/[()[\]:,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** 'Arsenal FC' is also typed 'Arsenal': a team is named by its full name or by it without FC/AFC/CF. */
function teamNames(team: string): string[] {
  const full = normalise(team);
  const short = full
    .replace(
      /^(afc|fc|cf|sc|ac|as|ss|ssc|us|rc|cd|ud|sd|ca|rcd|vfb|vfl|tsg|sv|1\. fc)\s+|\s+(afc|fc|cf|sc)$/g,
      '',
    )
    .trim();
  return [...new Set([full, short].filter((name) => name.length >= 3))];
}

/**
 * One key per club however it is typed: 'Arsenal FC', 'arsenal' and 'Arsenal' all give 'arsenal'
 * (the name without FC/AFC/CF…, lower case, accents and punctuation dropped). The match model uses it
 * to find a registered match's teams among the teams of its data.
 */
export function teamKey(team: string): string {
  return teamNames(team).at(-1) ?? normalise(team);
}

const LINE = /^([+-]?\d{1,2}(?:\.\d{1,2})?)$/;
const isWholeOrHalf = (line: number) => Number.isInteger(line * 2);

/**
 * Reads a prediction. `teams` lets '<team> to win' and '<team> -1.5' name a side. Answers null for
 * anything else (corners, cards, scorers, quarter lines…): those are settled by hand.
 */
export function parseMarket(prediction: string, teams: { home: string; away: string }): Market | null {
  let text = normalise(prediction);
  if (!text) return null;
  text = text.replace(/^(1x2|match result|full ?time result|ft|result)\s*-?\s*/, '');
  const sides: [Side, string[]][] = [
    ['home', ['home', '1', ...teamNames(teams.home)]],
    ['away', ['away', '2', ...teamNames(teams.away)]],
  ];
  /** A side named by 'home', '1', a team, each with or without 'win' / 'to win'. */
  const sideOf = (word: string): Side | undefined => {
    const name = word.trim().replace(/ (to win|wins?)$/, '');
    return sides.find(([, names]) => names.includes(name))?.[0];
  };

  // Match result.
  if (text === 'x' || text === 'draw' || text === 'the draw') return { kind: 'result', pick: 'draw' };
  const winner = sideOf(text);
  if (winner) return { kind: 'result', pick: winner };

  // Double chance.
  const chance = text.replace(/^double chance\s*-?\s*/, '').replace(/^dc\s*/, '');
  if (chance === '1x' || chance === 'x1') return { kind: 'double-chance', pick: '1X' };
  if (chance === 'x2' || chance === '2x') return { kind: 'double-chance', pick: 'X2' };
  if (chance === '12' || chance === 'no draw' || chance === 'either team to win')
    return { kind: 'double-chance', pick: '12' };
  const orDraw = /^(.+?) or (draw|x)$|^(draw|x) or (.+)$/.exec(chance);
  if (orDraw) {
    const side = sideOf(orDraw[1] ?? orDraw[4] ?? '');
    if (side) return { kind: 'double-chance', pick: side === 'home' ? '1X' : 'X2' };
  }
  const either = /^(.+?) or (.+)$/.exec(chance);
  if (
    either?.[1] &&
    either[2] &&
    sideOf(either[1]) &&
    sideOf(either[2]) &&
    sideOf(either[1]) !== sideOf(either[2])
  )
    return { kind: 'double-chance', pick: '12' };

  // Total goals.
  const total =
    /^(?:total(?: goals)?\s*-?\s*)?(over|under|o|u)\s*(\d{1,2}(?:\.\d)?)(?: goals?| total goals)?$/.exec(
      text,
    );
  if (total?.[1] && total[2]) {
    const line = Number(total[2]);
    if (isWholeOrHalf(line))
      return { kind: 'total', side: total[1].startsWith('o') ? 'over' : 'under', line };
    return null;
  }

  // Both teams to score.
  const btts = /^(?:btts|both teams to score|both teams score)\s*-?\s*(yes|no)?$/.exec(text);
  if (btts) return { kind: 'btts', pick: btts[1] === 'no' ? 'no' : 'yes' };
  if (text === 'gg') return { kind: 'btts', pick: 'yes' };
  if (text === 'ng' || text === 'no goal') return { kind: 'btts', pick: 'no' };

  // Draw no bet.
  const dnb = /^(?:draw no bet|dnb)\s*-?\s*(.+)$|^(.+?)\s*-?\s*(?:draw no bet|dnb)$/.exec(text);
  if (dnb) {
    const side = sideOf(dnb[1] ?? dnb[2] ?? '');
    if (side) return { kind: 'draw-no-bet', pick: side };
  }

  // Asian handicap: '<side> -1.5', 'AH home +1', 'handicap Arsenal -1'.
  const handicap = /^(?:asian handicap|handicap|ah)?\s*(.+?)\s+([+-]?\d{1,2}(?:\.\d{1,2})?)$/.exec(text);
  if (handicap?.[1] && handicap[2] && LINE.test(handicap[2])) {
    const side = sideOf(handicap[1]);
    const line = Number(handicap[2]);
    if (side && isWholeOrHalf(line)) return { kind: 'handicap', pick: side, line };
  }
  return null;
}

/** The outcome of a market for a final score; a whole line that lands exactly is void (stake back). */
export function settleMarket(market: Market, score: Score): GameOutcome {
  const { home, away } = score;
  const winner: Side | 'draw' = home > away ? 'home' : home < away ? 'away' : 'draw';
  switch (market.kind) {
    case 'result':
      return market.pick === winner ? 'won' : 'lost';
    case 'double-chance': {
      const covers = { '1X': ['home', 'draw'], X2: ['draw', 'away'], '12': ['home', 'away'] }[market.pick];
      return covers.includes(winner) ? 'won' : 'lost';
    }
    case 'total': {
      const goals = home + away;
      if (goals === market.line) return 'void';
      return (market.side === 'over') === goals > market.line ? 'won' : 'lost';
    }
    case 'btts':
      return (home > 0 && away > 0) === (market.pick === 'yes') ? 'won' : 'lost';
    case 'draw-no-bet':
      if (winner === 'draw') return 'void';
      return winner === market.pick ? 'won' : 'lost';
    case 'handicap': {
      const margin = market.pick === 'home' ? home - away : away - home;
      const adjusted = margin + market.line;
      if (adjusted === 0) return 'void';
      return adjusted > 0 ? 'won' : 'lost';
    }
  }
}

const signed = (line: number) => (line > 0 ? `+${line}` : String(line));

/** A market in words, as the product writes predictions it makes itself. */
export function describeMarket(market: Market, teams: { home: string; away: string }): string {
  const team = (side: Side) => (side === 'home' ? teams.home : teams.away);
  switch (market.kind) {
    case 'result':
      return market.pick === 'draw' ? 'Draw' : `${team(market.pick)} to win`;
    case 'double-chance':
      return {
        '1X': `Double chance: ${teams.home} or draw`,
        X2: `Double chance: draw or ${teams.away}`,
        '12': `Double chance: ${teams.home} or ${teams.away}`,
      }[market.pick];
    case 'total':
      return `${market.side === 'over' ? 'Over' : 'Under'} ${market.line} goals`;
    case 'btts':
      return `Both teams to score: ${market.pick === 'yes' ? 'Yes' : 'No'}`;
    case 'draw-no-bet':
      return `${team(market.pick)} (draw no bet)`;
    case 'handicap':
      return `Asian handicap: ${team(market.pick)} ${signed(market.line)}`;
  }
}

/**
 * An accumulator's result from its games' outcomes: one lost game loses it, void games drop out
 * (all void: void), and it is won once every game is won or void; otherwise it is still pending.
 */
export function combineOutcomes(outcomes: readonly (GameOutcome | 'pending')[]): GameOutcome | 'pending' {
  if (outcomes.includes('lost')) return 'lost';
  if (outcomes.length === 0 || outcomes.includes('pending')) return 'pending';
  return outcomes.every((outcome) => outcome === 'void') ? 'void' : 'won';
}
