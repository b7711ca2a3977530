import { type RefObject, useEffect, useState } from "react";

/** True once the element has come into view (and stays true): charts of cards fetch only when seen. */
export function useVisible(ref: RefObject<Element | null>, margin = "200px"): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, visible, margin]);
  return visible;
}
