/** The kind of an agent created without one. */
export const DEFAULT_AGENT_KIND = 'lead-qualification';
