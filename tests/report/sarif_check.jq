# sarif_check.jq — checks a SARIF log against the definitions of the SARIF
# 2.1.0 JSON schema (OASIS, sarif-schema-2.1.0.json) for every object kind
# ravel emits, as the schema states them: the properties each object may
# have (every one of these definitions has "additionalProperties": false),
# its required ones, the property types, enumerations, minimum values,
# minItems and uniqueItems, and the message rule (text or id).  Written
# from the schema's definitions; nothing is copied from it.  Prints one
# line per violation, nothing for a valid log.
#   jq -r -f sarif_check.jq log.sarif

def S: {
  sarifLog: {req: ["version", "runs"], props: {
    "$schema": "uri", version: {enum: ["2.1.0"]}, runs: {array: "run"},
    inlineExternalProperties: {array: "object", unique: true}, properties: "propertyBag"}},
  run: {req: ["tool"], props: {
    tool: "tool", invocations: {array: "invocation"}, originalUriBaseIds: {map: "artifactLocation"},
    results: {array: "result"}, language: "string", columnKind: {enum: ["utf16CodeUnits", "unicodeCodePoints"]},
    defaultEncoding: "string", defaultSourceLanguage: "string", properties: "propertyBag"}},
  tool: {req: ["driver"], props: {driver: "toolComponent", extensions: {array: "toolComponent", unique: true},
    properties: "propertyBag"}},
  toolComponent: {req: ["name"], props: {
    guid: "string", name: "string", organization: "string", product: "string", productSuite: "string",
    shortDescription: "multiformatMessageString", fullDescription: "multiformatMessageString",
    fullName: "string", version: "string", semanticVersion: "string", dottedQuadFileVersion: "string",
    releaseDateUtc: "string", downloadUri: "uri", informationUri: "uri",
    rules: {array: "reportingDescriptor", unique: true}, notifications: {array: "reportingDescriptor", unique: true},
    language: "string", isComprehensive: "boolean", properties: "propertyBag"}},
  reportingDescriptor: {req: ["id"], props: {
    id: "string", guid: "string", name: "string", shortDescription: "multiformatMessageString",
    fullDescription: "multiformatMessageString", defaultConfiguration: "reportingConfiguration",
    helpUri: "uri", help: "multiformatMessageString", properties: "propertyBag"}},
  multiformatMessageString: {req: ["text"], props: {text: "string", markdown: "string", properties: "propertyBag"}},
  reportingConfiguration: {req: [], props: {enabled: "boolean", level: {enum: ["none", "note", "warning", "error"]},
    rank: {number: -1}, parameters: "propertyBag", properties: "propertyBag"}},
  invocation: {req: ["executionSuccessful"], props: {
    commandLine: "string", arguments: {array: "string"}, exitCode: "integer", exitCodeDescription: "string",
    exitSignalName: "string", exitSignalNumber: "integer", executionSuccessful: "boolean", machine: "string",
    account: "string", processId: "integer", workingDirectory: "artifactLocation", properties: "propertyBag"}},
  result: {req: ["message"], props: {
    ruleId: "string", ruleIndex: {int: -1}, kind: {enum: ["notApplicable", "pass", "fail", "review", "open", "informational"]},
    level: {enum: ["none", "note", "warning", "error"]}, message: "message", analysisTarget: "artifactLocation",
    locations: {array: "location"}, guid: "string", correlationGuid: "string", occurrenceCount: {int: 1},
    partialFingerprints: {map: "string"}, fingerprints: {map: "string"}, stacks: {array: "stack", unique: true},
    codeFlows: {array: "codeFlow"}, relatedLocations: {array: "location", unique: true},
    baselineState: {enum: ["new", "unchanged", "updated", "absent"]}, rank: {number: -1},
    hostedViewerUri: "uri", properties: "propertyBag"}},
  message: {req: [], props: {text: "string", markdown: "string", id: "string", arguments: {array: "string"},
    properties: "propertyBag"}},
  location: {req: [], props: {id: {int: -1}, physicalLocation: "physicalLocation",
    logicalLocations: {array: "logicalLocation", unique: true}, message: "message",
    annotations: {array: "region", unique: true}, properties: "propertyBag"}},
  physicalLocation: {req: [], props: {artifactLocation: "artifactLocation", region: "region",
    contextRegion: "region", properties: "propertyBag"}},
  artifactLocation: {req: [], props: {uri: "uriref", uriBaseId: "string", index: {int: -1},
    description: "message", properties: "propertyBag"}},
  region: {req: [], props: {startLine: {int: 1}, startColumn: {int: 1}, endLine: {int: 1}, endColumn: {int: 1},
    charOffset: {int: -1}, charLength: {int: 0}, byteOffset: {int: -1}, byteLength: {int: 0},
    message: "message", sourceLanguage: "string", properties: "propertyBag"}},
  logicalLocation: {req: [], props: {name: "string", index: {int: -1}, fullyQualifiedName: "string",
    decoratedName: "string", parentIndex: {int: -1}, kind: "string", properties: "propertyBag"}},
  codeFlow: {req: ["threadFlows"], props: {message: "message", threadFlows: {array: "threadFlow", min: 1},
    properties: "propertyBag"}},
  threadFlow: {req: ["locations"], props: {id: "string", message: "message",
    initialState: {map: "multiformatMessageString"}, immutableState: {map: "multiformatMessageString"},
    locations: {array: "threadFlowLocation", min: 1}, properties: "propertyBag"}},
  threadFlowLocation: {req: [], props: {index: {int: -1}, location: "location", stack: "stack",
    kinds: {array: "string", unique: true}, module: "string", state: {map: "multiformatMessageString"},
    nestingLevel: {int: 0}, executionOrder: {int: -1}, executionTimeUtc: "string",
    importance: {enum: ["important", "essential", "unimportant"]}, properties: "propertyBag"}},
  stack: {req: ["frames"], props: {message: "message", frames: {array: "stackFrame"}, properties: "propertyBag"}},
  stackFrame: {req: [], props: {location: "location", module: "string", threadId: "integer",
    parameters: {array: "string"}, properties: "propertyBag"}}
};

def bad($p; $m): "\($p): \($m)";

def check($t; $p):
  if ($t | type) == "string" then
    if $t == "string" then (if type == "string" then empty else bad($p; "expected a string") end)
    elif $t == "boolean" then (if type == "boolean" then empty else bad($p; "expected a boolean") end)
    elif $t == "integer" then (if type == "number" and . == floor then empty else bad($p; "expected an integer") end)
    elif $t == "object" then (if type == "object" then empty else bad($p; "expected an object") end)
    elif $t == "uri" then
      (if type == "string" and test("^[A-Za-z][A-Za-z0-9+.-]*:[^ ]*$") then empty else bad($p; "expected an absolute URI") end)
    elif $t == "uriref" then
      (if type == "string" and test("^([A-Za-z0-9._~:/?#\\[\\]@!$&'()*+,;=-]|%[0-9A-Fa-f]{2})*$") then empty
       else bad($p; "expected a URI reference") end)
    elif $t == "propertyBag" then
      (if type != "object" then bad($p; "expected a property bag")
       elif has("tags") and ((.tags | type) != "array" or (.tags | length) != (.tags | unique | length))
       then bad($p; "tags must be an array of unique strings") else empty end)
    else
      . as $v | S[$t] as $d |
      if $d == null then bad($p; "no definition \($t)")
      elif type != "object" then bad($p; "expected an object (\($t))")
      else
        ($d.req[] | select(. as $r | $v | has($r) | not) | bad($p; "\($t) requires \(.)")),
        (keys[] | select(. as $k | $d.props | has($k) | not) | bad($p; "\($t) has no property \(.)")),
        (to_entries[] | select(.key as $k | $d.props | has($k)) |
           .key as $k | .value | check($d.props[$k]; "\($p).\($k)")),
        (if $t == "message" and (has("text") or has("id") | not) then bad($p; "a message needs text or id")
         else empty end)
      end
    end
  elif $t.enum then (. as $v | if ($t.enum | index([$v])) != null then empty else bad($p; "\(.) not in \($t.enum)") end)
  elif $t.int != null then
    (if type == "number" and . == floor and . >= $t.int then empty else bad($p; "expected an integer >= \($t.int)") end)
  elif $t.number != null then
    (if type == "number" and . >= $t.number then empty else bad($p; "expected a number >= \($t.number)") end)
  elif $t.array then
    (if type != "array" then bad($p; "expected an array")
     else
       (if $t.min and length < $t.min then bad($p; "needs at least \($t.min) items") else empty end),
       (if $t.unique and length != (unique | length) then bad($p; "items must be unique") else empty end),
       (to_entries[] | .key as $i | .value | check($t.array; "\($p)[\($i)]"))
     end)
  elif $t.map then
    (if type != "object" then bad($p; "expected an object")
     else to_entries[] | .key as $k | .value | check($t.map; "\($p).\($k)") end)
  else bad($p; "bad type spec")
  end;

check("sarifLog"; "$")
