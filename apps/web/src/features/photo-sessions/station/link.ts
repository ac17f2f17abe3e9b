/**
 * A station link signs one device in for one photo session: its token (in the link's fragment, which
 * browsers never send to a server) is kept on the device per session, so a reload, offline too, keeps
 * the station. It is not the app's sign-in: nothing else in the app uses it.
 */
export interface StationSignIn {
  token: string;
  station_id: string;
}

const key = (sessionId: string) => `sp.station.${sessionId}`;

export function readStationSignIn(sessionId: string): StationSignIn | null {
  try {
    const raw = window.localStorage.getItem(key(sessionId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StationSignIn>;
    return typeof parsed.token === 'string' && typeof parsed.station_id === 'string'
      ? { token: parsed.token, station_id: parsed.station_id }
      : null;
  } catch {
    return null;
  }
}

export function saveStationSignIn(sessionId: string, signIn: StationSignIn): void {
  try {
    window.localStorage.setItem(key(sessionId), JSON.stringify(signIn));
  } catch {
    // Without storage the station lasts until the tab closes.
  }
}

export function forgetStationSignIn(sessionId: string): void {
  try {
    window.localStorage.removeItem(key(sessionId));
  } catch {
    // ignore
  }
}

/**
 * The token a station link carries in the address's fragment (`#token=...`), taken out of the address
 * at once so it is not left in the history or shown on the screen.
 */
export function takeLinkToken(): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const token = new URLSearchParams(hash).get('token');
  if (!token) return null;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
  return token;
}
