# urispec diff adapter: Ruby's URI library (standard library), with either of its parsers:
#
#   ruby examples/adapters/ruby-uri.rb rfc3986   # URI::RFC3986_Parser, the one URI.parse uses since Ruby 2.2
#   ruby examples/adapters/ruby-uri.rb rfc2396   # URI::RFC2396_Parser, URI::DEFAULT_PARSER until Ruby 3.4
#
# An input is valid when the parser's `parse` raises no URI::Error (`parse` splits by the
# parser's grammar, then builds the scheme's class, which checks its components). Components
# are `split`'s, as written in the input. Resolution mode (`PARSER resolve BASE`):
# parser.join(base, ref).
#
#   urispec diff --spec rfc3986 --against 'ruby examples/adapters/ruby-uri.rb rfc3986'
require 'json'
require 'uri'

which, mode, base = ARGV
parser = which == 'rfc2396' ? URI::RFC2396_Parser.new : URI::RFC3986_Parser.new
$stdout.sync = true

def answer(value)
  $stdout.write(JSON.generate(value) + "\n")
end

$stdin.each_line do |line|
  begin
    input = JSON.parse("[#{line}]")[0]
  rescue JSON::ParserError => e
    # A lone surrogate (\ud800) has no UTF-8 form, so no Ruby string can hold it: the parser is
    # never asked, and the answer says why.
    answer({ valid: false, error: "the adapter cannot decode this input: #{e.message[0, 80]}" })
    next
  end
  begin
    if mode == 'resolve'
      answer({ valid: true, components: { target: parser.join(base, input).to_s } })
    else
      parser.parse(input)
      scheme, userinfo, host, port, registry, path, opaque, query, fragment = parser.split(input)
      answer({ valid: true, components: {
        scheme: scheme, userinfo: userinfo, host: host || registry, port: port,
        path: opaque || path, query: query, fragment: fragment
      } })
    end
  rescue URI::Error, ArgumentError, Encoding::CompatibilityError => e
    answer({ valid: false, error: "#{e.class}: #{e.message}" })
  end
end
