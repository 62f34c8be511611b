import { describe, expect, it } from "vitest";
import { createStereoMixer, type MixerContext } from "./stereo-mixer";

/** A fake AudioContext that records the graph: which node goes into which input of which. */
function fakeContext() {
  const edges: string[] = [];
  let n = 0;
  const node = (kind: string, extra: Record<string, unknown> = {}) => {
    const name = kind === "analyser" ? `analyser${++n}` : kind;
    return {
      name,
      ...extra,
      connect(target: { name: string }, output = 0, input = 0) {
        edges.push(`${name}:${output}->${target.name}:${input}`);
        return target;
      },
      disconnect() {
        for (let i = edges.length - 1; i >= 0; i--) if (edges[i].startsWith(`${name}:`)) edges.splice(i, 1);
      },
    };
  };
  let closed = false;
  const stopped: string[] = [];
  const context = {
    createChannelMerger: (inputs: number) => node(`merger${inputs}`),
    createMediaStreamSource: (stream: { id: string }) => node(`src(${stream.id})`),
    createMediaStreamDestination: () =>
      node("dest", { channelCount: 2, channelCountMode: "max", stream: { getTracks: () => [{ stop: () => stopped.push("dest") }] } }),
    createAnalyser: () =>
      node("analyser", {
        fftSize: 0,
        getFloatTimeDomainData: (a: Float32Array) => a.fill(0.5),
      }),
    close: async () => {
      closed = true;
    },
  };
  return { context: context as unknown as MixerContext, edges, isClosed: () => closed, stopped };
}

const stream = (id: string, audio = 1) => ({ id, getAudioTracks: () => Array.from({ length: audio }, () => ({})) }) as unknown as MediaStream;
const graph = (edges: string[]) => edges.filter((e) => !e.includes("analyser"));

describe("createStereoMixer", () => {
  it("microphone and call: mic into the merger's left input, call into its right, merger into a 2-channel destination", () => {
    const { context, edges } = fakeContext();
    const mixer = createStereoMixer(context, stream("mic"), stream("call"));
    expect(graph(edges).sort()).toEqual(["merger2:0->dest:0", "src(call):0->merger2:1", "src(mic):0->merger2:0"].sort());
    expect((mixer.stream as unknown as { getTracks: unknown }).getTracks).toBeDefined();
    expect(mixer.levels()).toEqual({ mic: 0.5, call: 0.5 });
  });

  it("the call goes and comes back on the right input; absent, its level is 0", () => {
    const { context, edges } = fakeContext();
    const mixer = createStereoMixer(context, stream("mic"), stream("call"));
    mixer.setCall(undefined);
    expect(graph(edges).sort()).toEqual(["merger2:0->dest:0", "src(mic):0->merger2:0"]);
    expect(mixer.levels().call).toBe(0);
    mixer.setCall(stream("again"));
    expect(graph(edges)).toContain("src(again):0->merger2:1");
    // A share without audio connects nothing.
    mixer.setCall(stream("mute", 0));
    expect(graph(edges).some((e) => e.includes("mute"))).toBe(false);
  });

  it("call only: no merger, the call straight into a mono destination", () => {
    const { context, edges } = fakeContext();
    createStereoMixer(context, undefined, stream("call"));
    expect(graph(edges)).toEqual(["src(call):0->dest:0"]);
  });

  it("close stops the recorded track and closes the context", () => {
    const { context, isClosed, stopped } = fakeContext();
    createStereoMixer(context, stream("mic"), stream("call")).close();
    expect(stopped).toEqual(["dest"]);
    expect(isClosed()).toBe(true);
  });
});
