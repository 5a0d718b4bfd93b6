/**
 * What the in-host suite may ask the launcher to do in the workbench page, as a person would
 * (the extension host cannot reach the page's DOM or the browser): one JSON line per request on
 * a Unix socket whose path the launcher puts in QUIRL_IT_DRIVER, one JSON line back.
 */

export const DRIVER_VARIABLE = 'QUIRL_IT_DRIVER';

export type DriverRequest =
  /** The terminal panel's profile dropdown (the chevron beside +) → the profile with this title. */
  | { readonly action: 'pickProfile'; readonly title: string }
  /** Keys typed into whatever has the focus. */
  | { readonly action: 'type'; readonly text: string }
  /**
   * The browser dies without closing anything (SIGKILL), then a new one opens the same workbench
   * with the same profile: code-server keeps the old extension host, the page gets a new one.
   */
  | { readonly action: 'crashBrowser' };

export type DriverReply = { readonly ok: true } | { readonly ok: false; readonly error: string };
