/**
 * surfaces/mcp: the MCP server (`gavel mcp`, stdio). Translates MCP tool calls into calls of the services the
 * CLI passes in; decides nothing and imports no other surface. See docs/mcp.md.
 */

export { buildMcpServer, type JudgeToolInput, type McpDeps, type ToolAnswer } from './mcp-server';
export { serveStdio } from './serve-stdio';
