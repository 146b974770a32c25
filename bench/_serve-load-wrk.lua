-- wrk script of bench/_serve-load.mjs (GAVEL_BENCH_CLIENT=wrk): each connection POSTs the request bodies given
-- after `--` (the bench's plain commands, as JSON) to /v1/check in turn, one request at a time (wrk never pipelines unless told), and every answer's
-- status and verdict are counted; done() prints one JSON line the bench reads. The request bytes are built once.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local requests = {}
local turn = 0
allow, escalate, deny, unreadable, non200 = 0, 0, 0, 0, 0

function init(args)
  for _, body in ipairs(args) do
    table.insert(requests, wrk.format("POST", "/v1/check", { ["content-type"] = "application/json" }, body))
  end
end

function request()
  turn = turn + 1
  return requests[(turn % #requests) + 1]
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  local verdict = string.match(body, '"verdict":"(%a+)"')
  if verdict == "allow" then allow = allow + 1
  elseif verdict == "escalate" then escalate = escalate + 1
  elseif verdict == "deny" then deny = deny + 1
  else unreadable = unreadable + 1 end
end

function done(summary, latency, requests)
  local v = { allow = 0, escalate = 0, deny = 0, unreadable = 0, non200 = 0 }
  for _, t in ipairs(threads) do
    for k, _ in pairs(v) do v[k] = v[k] + (t:get(k) or 0) end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"microseconds":%d,"p50us":%d,"p99us":%d,"maxus":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"verdicts":{"allow":%d,"escalate":%d,"deny":%d,"unreadable":%d},"non200":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout, v.allow, v.escalate, v.deny, v.unreadable, v.non200))
end
