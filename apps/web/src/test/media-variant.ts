// The size of a /media address as the server reads it (w, h, fit), for checking it against the
// variants /media makes (isMediaVariant).
export const variantOf = (address: string) => {
  const params = new URL(address, "http://x").searchParams;
  return {
    w: Number(params.get("w")),
    h: Number(params.get("h")),
    fit: params.get("fit") ?? "scale-down",
  };
};
