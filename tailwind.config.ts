import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          500: "#2f6fed",
          600: "#1f57cf",
          700: "#1a46a6",
          900: "#132f66",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
