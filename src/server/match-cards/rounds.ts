import type { GenderId } from '../../shared/domain/genders';

const WOMAN: GenderId = 1;
const MAN: GenderId = 2;
const LGBTQ: GenderId = 3;

export interface RoundAttendee {
  id: number;
  gender: number;
}

export interface RoundPair {
  table: number;
  a: number;
  b: number;
}

export interface Round {
  round: number;
  pairs: RoundPair[];
  resting: number[];
}

/** One group's schedule: for each of its rounds, the pairs (a, b) in table order. */
type GroupSchedule = [number, number][][];

/**
 * Women and men: the smaller side stays seated (one table each), the larger side moves one seat
 * per round around a circle of `larger` seats, so over `larger` rounds every woman–man pair meets
 * exactly once. The seats without a table (the rests) are spread evenly round the circle
 * (Bresenham), which keeps every mover's rest count within one of everyone else's at every round:
 * nobody rests a second time while another mover has not rested yet.
 */
function crossGenderSchedule(stayers: number[], movers: number[]): GroupSchedule {
  const seats = movers.length;
  if (stayers.length === 0 || seats === 0) return [];
  const rests = seats - stayers.length;
  const tableSeats: number[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const isRest = Math.floor(((seat + 1) * rests) / seats) - Math.floor((seat * rests) / seats) === 1;
    if (!isRest) tableSeats.push(seat);
  }
  const schedule: GroupSchedule = [];
  for (let round = 0; round < seats; round++) {
    schedule.push(
      tableSeats.map((seat, table) => {
        const mover = movers[(seat - round + seats) % seats] as number;
        return [stayers[table] as number, mover];
      }),
    );
  }
  return schedule;
}

/** LGBTQ+ attendees among themselves: the circle method, everyone meets everyone once. */
function roundRobinSchedule(people: number[]): GroupSchedule {
  if (people.length < 2) return [];
  const seats: (number | null)[] = people.length % 2 === 0 ? [...people] : [...people, null];
  const count = seats.length;
  const schedule: GroupSchedule = [];
  for (let round = 0; round < count - 1; round++) {
    // Seat 0 stays; the others turn one place per round.
    const order = [seats[0], ...seats.slice(1).map((_, i) => seats[1 + ((i + round) % (count - 1))])];
    const pairs: [number, number][] = [];
    for (let i = 0; i < count / 2; i++) {
      const a = order[i];
      const b = order[count - 1 - i];
      if (a != null && b != null) pairs.push([a, b]);
    }
    schedule.push(pairs);
  }
  return schedule;
}

/**
 * The rotation of a speed-dating night (docs/design/12-match-cards.md): women meet men across genders, LGBTQ+
 * attendees meet each other, nobody sits at two tables in a round and whoever has no partner in
 * a round rests. A group with fewer rounds than the night rests in the extra rounds. Tables are
 * numbered from 1: the women's (or the smaller side's) tables first, then the LGBTQ+ tables, each
 * group keeping its table numbers all night.
 */
export function planRounds(attendees: readonly RoundAttendee[]): Round[] {
  const women = attendees.filter((person) => person.gender === WOMAN).map((person) => person.id);
  const men = attendees.filter((person) => person.gender === MAN).map((person) => person.id);
  const lgbtq = attendees.filter((person) => person.gender === LGBTQ).map((person) => person.id);
  const cross =
    women.length <= men.length ? crossGenderSchedule(women, men) : crossGenderSchedule(men, women);
  const among = roundRobinSchedule(lgbtq);
  const crossTables = Math.min(women.length, men.length);
  const total = Math.max(cross.length, among.length);
  const rounds: Round[] = [];
  for (let index = 0; index < total; index++) {
    const pairs: RoundPair[] = [
      ...(cross[index] ?? []).map(([a, b], table) => ({ table: table + 1, a, b })),
      ...(among[index] ?? []).map(([a, b], table) => ({ table: crossTables + table + 1, a, b })),
    ];
    const seated = new Set(pairs.flatMap((pair) => [pair.a, pair.b]));
    rounds.push({
      round: index + 1,
      pairs,
      resting: attendees.map((person) => person.id).filter((id) => !seated.has(id)),
    });
  }
  return rounds;
}
