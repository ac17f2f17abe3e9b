import { expect, test } from 'vitest';
import { classCounts, sessionStates, studentState } from '../src/check-in-status.js';

const at = (minute: number) => new Date(Date.UTC(2026, 8, 1, 9, minute)).toISOString();

test('check-ins from two stations merge by device time, in whatever order they arrive', () => {
  const a = { client_id: 'a', station_id: '1', status: 'absent' as const, at: at(1) };
  const b = { client_id: 'b', station_id: '2', status: 'photographed' as const, at: at(5) };
  expect(studentState([a, b]).status).toBe('photographed');
  expect(studentState([b, a]).status).toBe('photographed');
  expect(studentState([b, a]).last?.station_id).toBe('2');
  expect(studentState([]).status).toBe('waiting');
});

test("an undo takes back its own station's last check-in; a later check-in counts again", () => {
  const absent = { client_id: 'a', station_id: '1', status: 'absent' as const, at: at(1) };
  const shot = { client_id: 'b', station_id: '1', status: 'photographed' as const, at: at(2) };
  const undo = { client_id: 'c', station_id: '1', status: 'undo' as const, at: at(3) };
  expect(studentState([shot, undo]).status).toBe('waiting');
  expect(studentState([undo, shot, absent]).status).toBe('absent');
  const elsewhere = { client_id: 'd', station_id: '2', status: 'retake' as const, at: at(0) };
  expect(studentState([shot, undo, elsewhere]).status).toBe('retake');
  expect(studentState([shot, undo, { client_id: 'e', status: 'retake' as const, at: at(4) }]).status).toBe(
    'retake',
  );
});

test("a class's counts: retakes are still to photograph", () => {
  const states = sessionStates([
    { key: 1, client_id: 'a', status: 'photographed', at: at(1) },
    { key: 2, client_id: 'b', status: 'absent', at: at(1) },
    { key: 3, client_id: 'c', status: 'retake', at: at(1) },
  ]);
  expect(classCounts([1, 2, 3, 4].map((key) => states.get(key)))).toEqual({
    photographed: 1,
    absent: 1,
    retake: 1,
    remaining: 2,
    total: 4,
  });
});
