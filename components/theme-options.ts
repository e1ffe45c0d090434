import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";

/** The themes one can choose (next-themes' values), as the account menu and the account settings offer them. */
export const THEME_OPTIONS = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "System", icon: MonitorIcon },
] as const;
