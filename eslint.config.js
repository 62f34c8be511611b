// Lint for correctness, not formatting (Prettier formats: `npm run format`). Run: npm run lint.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "node_modules/", "desktop/", "public/", "drizzle/", "tests/.data/", "test-results/", "playwright-report/", "bench/.data*/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Types at boundaries are checked by zod or by the code right after; `any` is still refused.
      "@typescript-eslint/no-explicit-any": "error",
      "no-console": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Control characters in patterns are how we strip them from user input (CSV, file names).
      "no-control-regex": "off",
    },
  },
  {
    // graphile-worker's private tables may change in any minor release (decision in
    // worker/tasks/unlock-stale-jobs.ts); tests may still set up a crashed worker's state there.
    files: ["app/**", "server/**", "worker/**", "scripts/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["Literal[value=/graphile_worker\\._private_/]", "TemplateElement[value.raw=/graphile_worker\\._private_/]"].map((selector) => ({
          selector,
          message: "graphile-worker's _private_ tables are not a public interface: use its SQL functions or the graphile_worker.jobs view.",
        })),
      ],
    },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      "react/prop-types": "off",
      // Italian text is full of apostrophes; React renders them as text, this is not a bug.
      "react/no-unescaped-entities": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Dialogs and the code form move focus to their first field on purpose (the spec's flows).
      "jsx-a11y/no-autofocus": "off",
      // The recording's captions are the timed transcript beside the player.
      "jsx-a11y/media-has-caption": "off",
    },
  },
);
