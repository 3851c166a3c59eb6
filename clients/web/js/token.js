// A token given in a page URL (?token= or #token=) is moved out of the address
// bar at once and kept in this tab (sessionStorage) and on this device (localStorage).

const keyFor = (tableId) => `fracas:token:${tableId}`;

export function takeToken(tableId) {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const given = url.searchParams.get("token") || fragment.get("token");
  if (given) {
    url.searchParams.delete("token");
    fragment.delete("token");
    url.hash = fragment.toString();
    history.replaceState(null, "", url.pathname + url.search + url.hash);
    rememberToken(tableId, given);
    return given;
  }
  return sessionStorage.getItem(keyFor(tableId)) || localStorage.getItem(keyFor(tableId));
}

export function rememberToken(tableId, token) {
  sessionStorage.setItem(keyFor(tableId), token);
  localStorage.setItem(keyFor(tableId), token);
}

/** The table id of a page path: /t/{id}, /overlay/{id}, /replay/{id}. */
export function tableIdFromPath(path = location.pathname) {
  const match = path.match(/^\/(?:t|overlay|replay)\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}
