import { useState } from "react";
import { applyTheme, initialTheme } from "./theme.js";

export function ThemeToggle() {
  const [theme, setTheme] = useState(initialTheme);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="btn"
      aria-label={`Switch to the ${next} theme`}
      onClick={() => {
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      {theme === "dark" ? "Light theme" : "Dark theme"}
    </button>
  );
}
