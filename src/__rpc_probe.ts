import { DurableObject } from "cloudflare:workers";
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export interface JsonArray extends ReadonlyArray<JsonValue> {}
interface Obj {
  objectLabel: string;
  status: "held";
  extraData: JsonObject | null;
  quantity?: number;
}
interface Res {
  eventKey: string;
  objects: Obj[];
}
type Fail = { ok: false; code: "a" | "b"; message: string; failed?: { objectLabel: string; reason: string }[] };
type Outcome<T> = ({ ok: true } & T) | Fail;
export class D extends DurableObject<Env> {
  async m(): Promise<Outcome<Res>> {
    return { ok: true, eventKey: "x", objects: [] };
  }
  async bytes(): Promise<Outcome<{ tag: string; body?: Uint8Array<ArrayBuffer> }>> {
    return { ok: true, tag: "t" };
  }
}
export async function use(stub: DurableObjectStub<D>) {
  const r = await stub.m();
  if (r.ok) {
    const x: Res = r;
    const e: JsonObject | null = r.objects[0]!.extraData;
    return [x, e];
  }
  const f: Fail = r;
  const b = await stub.bytes();
  if (b.ok) {
    const u: Uint8Array | undefined = b.body;
    return u;
  }
  return f;
}
