import { useLocation } from "@remix-run/react";

/** Parameters that open a modal; the list URL is the current one without them. */
const MODAL_PARAMS = ["modal", "view", "confirm", "id"];

export function useAdminUrls() {
  const { pathname, search } = useLocation();
  const list = new URLSearchParams(search);
  for (const p of MODAL_PARAMS) list.delete(p);
  const listUrl = list.toString() ? `${pathname}?${list}` : pathname;
  /** The list URL plus modal parameters, e.g. with({ modal: "edit", id }). */
  const withModal = (params: Record<string, string>) => {
    const next = new URLSearchParams(list);
    for (const [k, v] of Object.entries(params)) next.set(k, v);
    return `${pathname}?${next}`;
  };
  return { listUrl, withModal, currentUrl: `${pathname}${search}`, listParams: list };
}
