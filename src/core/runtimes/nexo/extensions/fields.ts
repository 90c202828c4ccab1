// Every table and key of an extension's `plugin.toml`, as nexo-rs eec3f33 deserializes it
// (crates/extensions/src/manifest.rs:108-312, `McpServerYaml` in crates/config/src/types/mcp.rs:279-330;
// ../shared/golden/nexo-extensions/RULES.md §1). One table serves the reader (./manifest.ts walks these shapes
// as serde does: `deny_unknown_fields` everywhere but `outbound_bindings`, declaration order for "missing
// field", the expected-type words of its errors) and, later, completion and hover.

/** What serde expects at a key, with the words its `invalid type` errors use. */
export type Shape =
  | { t: 'string' }
  | { t: 'bool' }
  | { t: 'i32' }
  | { t: 'strings' }
  /** `BTreeMap<String, String>` */
  | { t: 'stringMap' }
  /** `BTreeMap<String, Vec<String>>` (`outbound_bindings`, `#[serde(transparent)]`: any key) */
  | { t: 'stringsMap' }
  | { t: 'struct'; name: string; fields: readonly Field[] }
  /** An internally tagged enum: `#[serde(tag = …, rename_all = "snake_case", deny_unknown_fields)]`. */
  | { t: 'tagged'; name: string; tag: string; variants: readonly { name: string; fields: readonly Field[] }[] }
  /** `BTreeMap<String, V>` */
  | { t: 'map'; value: Shape };

export interface Field {
  key: string;
  shape: Shape;
  /** No `#[serde(default)]`: "missing field" when absent. */
  required: boolean;
  /** The value used when it is absent, as JSON shows it. */
  default?: unknown;
  /** What nexo-rs does with it, in a sentence or two (for hover and docs). */
  doc: string;
  /** manifest.rs line(s) at eec3f33. */
  cite: string;
}

const str: Shape = { t: 'string' };
const strings: Shape = { t: 'strings' };

const MCP_COMMON: readonly Field[] = [
  {
    key: 'log_level',
    shape: str,
    required: false,
    default: null,
    doc: 'Sent as `logging/setLevel` after initialize when the server advertises logging.',
    cite: 'mcp.rs:293',
  },
  {
    key: 'context_passthrough',
    shape: { t: 'bool' },
    required: false,
    default: null,
    doc: 'Overrides `mcp.context.passthrough` for this server.',
    cite: 'mcp.rs:296',
  },
];

const MCP_HTTP: readonly Field[] = [
  { key: 'url', shape: str, required: true, doc: 'Must parse as an http or https URL (`url::Url::parse`).', cite: 'manifest.rs:441-451' },
  { key: 'headers', shape: { t: 'stringMap' }, required: false, default: {}, doc: 'Extra HTTP headers.', cite: 'mcp.rs:300' },
  ...MCP_COMMON,
];

export const MCP_SERVER: Shape = {
  t: 'tagged',
  name: 'McpServerYaml',
  tag: 'transport',
  variants: [
    {
      name: 'stdio',
      fields: [
        { key: 'command', shape: str, required: true, doc: 'Must be non-blank after trim.', cite: 'manifest.rs:436-439' },
        { key: 'args', shape: strings, required: false, default: [], doc: 'Arguments.', cite: 'mcp.rs:284' },
        { key: 'env', shape: { t: 'stringMap' }, required: false, default: {}, doc: 'Environment of the server process.', cite: 'mcp.rs:286' },
        { key: 'cwd', shape: str, required: false, default: null, doc: 'Working directory.', cite: 'mcp.rs:288' },
        ...MCP_COMMON,
      ],
    },
    { name: 'streamable_http', fields: MCP_HTTP },
    { name: 'sse', fields: MCP_HTTP },
    { name: 'auto', fields: MCP_HTTP },
  ],
};

export const PLUGIN_FIELDS: readonly Field[] = [
  {
    key: 'id',
    shape: str,
    required: true,
    doc: "Non-empty, at most 64 bytes, `^[a-z][a-z0-9_-]*$`, and not a native plugin's id (`agent`, `browser`, `core`, `email`, `heartbeat`, `memory`, `telegram`, `whatsapp`). Two extensions with one id: the first found is kept.",
    cite: 'manifest.rs:49,55-64,86-98,456-467',
  },
  {
    key: 'version',
    shape: str,
    required: true,
    doc: 'Strict semver (`semver::Version::parse`): MAJOR.MINOR.PATCH, no `v` prefix; pre-release and build allowed.',
    cite: 'manifest.rs:255,469-475',
  },
  { key: 'name', shape: str, required: false, default: null, doc: 'Display name; not checked.', cite: 'manifest.rs:256-257' },
  { key: 'description', shape: str, required: false, default: null, doc: 'At most 512 characters (Unicode scalar values).', cite: 'manifest.rs:50,515-522' },
  {
    key: 'min_agent_version',
    shape: str,
    required: false,
    default: null,
    doc: "An exact semver version (a range such as `>=0.1.0` is refused), at most the agent's version: 0.1.5 for the `agent` binary at eec3f33.",
    cite: 'manifest.rs:260-261,477-513; src/main.rs:956',
  },
  {
    key: 'priority',
    shape: { t: 'i32' },
    required: false,
    default: 0,
    doc: 'An i32, type-checked only: the agent registers extension hooks with priority 0, so this value is not applied at boot.',
    cite: 'manifest.rs:262-268; src/main.rs:4392',
  },
];

const capability = (key: string, doc: string): Field => ({
  key,
  shape: strings,
  required: false,
  default: [],
  doc: `${doc} Each name \`^[a-z][a-z0-9_]*$\` (no hyphen), at most 64 bytes, not twice in this list. The five lists together must name at least one.`,
  cite: 'manifest.rs:51,100-101,271-287,524-561',
});

export const CAPABILITY_LISTS = ['tools', 'hooks', 'channels', 'providers', 'pollers'] as const;

export const CAPABILITIES_FIELDS: readonly Field[] = [
  capability('tools', 'Tools the extension serves (registered from its handshake once it is started).'),
  capability('hooks', 'Hooks it implements.'),
  capability('channels', 'Channels it provides.'),
  capability('providers', 'LLM providers it provides.'),
  capability('pollers', 'Poller kinds (`poll_tick`); they count toward "at least one" although the error text omits them.'),
];

export const TRANSPORT: Shape = {
  t: 'tagged',
  name: 'Transport',
  tag: 'kind',
  variants: [
    {
      name: 'stdio',
      fields: [
        { key: 'command', shape: str, required: true, doc: 'Must be non-blank after trim. Nothing here runs it.', cite: 'manifest.rs:293,563-569' },
        { key: 'args', shape: strings, required: false, default: [], doc: 'Arguments.', cite: 'manifest.rs:294-295' },
      ],
    },
    {
      name: 'nats',
      fields: [
        {
          key: 'subject_prefix',
          shape: str,
          required: true,
          doc: 'Must be non-blank after trim. The agent never starts a nats extension.',
          cite: 'manifest.rs:297-299,570-574',
        },
      ],
    },
    {
      name: 'http',
      fields: [
        {
          key: 'url',
          shape: str,
          required: true,
          doc: 'Must match `^https?://[^/\\s:?#]+(?::\\d+)?(?:/.*)?$` (no IPv6 literal, no `?query` without a path). The agent never starts an http extension.',
          cite: 'manifest.rs:103-104,575-588',
        },
      ],
    },
  ],
};

export const REQUIRES_FIELDS: readonly Field[] = [
  {
    key: 'bins',
    shape: strings,
    required: false,
    default: [],
    doc: 'Each looked up as `dir.join(bin).is_file()` over `$PATH` (no execute bit needed; `.exe` appended on Windows only). Any missing: the agent does not start a stdio extension, so none of its tools exist.',
    cite: 'manifest.rs:208-209,214-235; src/main.rs:6602-6614',
  },
  {
    key: 'env',
    shape: strings,
    required: false,
    default: [],
    doc: "Each must be set and non-empty. Declaring a name does not let it past the secret filter: a name ending in `_TOKEN`, `_KEY`, … is still stripped from the extension's environment.",
    cite: 'manifest.rs:210-211,236-241; runtime/stdio.rs:459-467,676-721',
  },
];

export const MANIFEST: Shape = {
  t: 'struct',
  name: 'ExtensionManifest',
  fields: [
    {
      key: 'plugin',
      shape: { t: 'struct', name: 'PluginMeta', fields: PLUGIN_FIELDS },
      required: true,
      doc: 'The extension: id, version, name, description, min_agent_version, priority.',
      cite: 'manifest.rs:111,251-269',
    },
    {
      key: 'capabilities',
      shape: { t: 'struct', name: 'Capabilities', fields: CAPABILITIES_FIELDS },
      required: false,
      doc: 'What it provides; at least one name over the five lists.',
      cite: 'manifest.rs:112-113,271-287',
    },
    {
      key: 'transport',
      shape: TRANSPORT,
      required: true,
      doc: 'How the agent talks to it, tagged by `kind` (`stdio`, `nats`, `http`) — not `type`.',
      cite: 'manifest.rs:114,289-303',
    },
    {
      key: 'meta',
      shape: {
        t: 'struct',
        name: 'Meta',
        fields: [
          { key: 'author', shape: str, required: false, default: null, doc: 'Author.', cite: 'manifest.rs:308-309' },
          { key: 'license', shape: str, required: false, default: null, doc: 'License.', cite: 'manifest.rs:310-311' },
        ],
      },
      required: false,
      doc: 'Author and license.',
      cite: 'manifest.rs:115-116,305-312',
    },
    {
      key: 'mcp_servers',
      shape: { t: 'map', value: MCP_SERVER },
      required: false,
      doc: 'MCP servers, `[mcp_servers.<name>]`, tagged by `transport` (not `type`); names `^[a-z][a-z0-9_-]*$`, at most 32 bytes.',
      cite: 'manifest.rs:120-121,427-454',
    },
    {
      key: 'context',
      shape: {
        t: 'struct',
        name: 'ExtensionContextConfig',
        fields: [
          {
            key: 'passthrough',
            shape: { t: 'bool' },
            required: false,
            default: false,
            doc: 'Inject `_meta.agent_id` and `_meta.session_id` into tool calls.',
            cite: 'manifest.rs:198-203',
          },
        ],
      },
      required: false,
      doc: 'Context propagation.',
      cite: 'manifest.rs:125-126,198-203',
    },
    {
      key: 'requires',
      shape: { t: 'struct', name: 'Requires', fields: REQUIRES_FIELDS },
      required: false,
      doc: 'Binaries and environment variables; only `bins` and `env`. The agent does not start a stdio extension whose requirements are missing.',
      cite: 'manifest.rs:130-131,205-244',
    },
    {
      key: 'outbound_bindings',
      shape: { t: 'stringsMap' },
      required: false,
      doc: 'Channel → account ids it may dispatch to; any channel key, each value a list of strings (not otherwise checked).',
      cite: 'manifest.rs:136-137,154-192',
    },
  ],
};
