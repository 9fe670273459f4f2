import type { Layout } from "../../src/domain/layout";
import { call, type EventFixture } from "./fixtures";

/** Shared by the channel tests (docs/channels.md). */

/** Two rows of 6 seats (categories vip and std) and a GA area of 100. */
export function hall(): Layout {
  const row = (r: number, categoryKey: string) => ({
    label: String(r),
    seats: Array.from({ length: 6 }, (_, i) => ({ label: `R${r}-${i + 1}`, categoryKey })),
  });
  return {
    categories: [
      { key: "vip", label: "VIP", color: "#aa0000" },
      { key: "std", label: "Standard", color: "#0000aa" },
    ],
    sections: [{ key: "S", label: "S", rows: [row(1, "vip"), row(2, "std")] }],
    generalAdmission: [{ label: "Floor", categoryKey: "std", capacity: 100 }],
  };
}

export const putChannels = (f: EventFixture, channels: unknown, key = f.sk) =>
  call("PUT", `/api/v1/events/${f.eventKey}/channels`, { key, body: { channels } });
