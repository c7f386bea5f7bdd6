import AirsignCandid

/// ICRC-21's types as the standard states them (dfinity/wg-identity-authentication,
/// `topics/ICRC-21/ICRC-21.did`; interface facts only): the consent request, the three display
/// forms of its answer and the errors. The ledgers' own `.did` files carry a subset (no line
/// display); the full set is what a canister may answer with, so it is what the signer reads.
enum ICRC21Interface {
    static let text = #"""
        type icrc21_consent_message_metadata = record {
          language : text;
          utc_offset_minutes : opt int16;
        };
        type icrc21_consent_message_spec = record {
          metadata : icrc21_consent_message_metadata;
          device_spec : opt variant {
            GenericDisplay;
            LineDisplay : record { characters_per_line : nat16; lines_per_page : nat16 };
            FieldsDisplay;
          };
        };
        type icrc21_consent_message_request = record {
          method : text;
          arg : blob;
          user_preferences : icrc21_consent_message_spec;
        };
        type icrc21_value = variant {
          TokenAmount : record { decimals : nat8; amount : nat64; symbol : text };
          TimestampSeconds : record { amount : nat64 };
          DurationSeconds : record { amount : nat64 };
          Text : record { content : text };
        };
        type icrc21_consent_message = variant {
          GenericDisplayMessage : text;
          LineDisplayMessage : record { pages : vec record { lines : vec text } };
          FieldsDisplayMessage : record { intent : text; fields : vec record { text; icrc21_value } };
        };
        type icrc21_consent_info = record {
          consent_message : icrc21_consent_message;
          metadata : icrc21_consent_message_metadata;
        };
        type icrc21_error_info = record { description : text };
        type icrc21_error = variant {
          UnsupportedCanisterCall : icrc21_error_info;
          ConsentMessageUnavailable : icrc21_error_info;
          InsufficientPayment : icrc21_error_info;
          GenericError : record { error_code : nat; description : text };
        };
        type icrc21_consent_message_response = variant {
          Ok : icrc21_consent_info;
          Err : icrc21_error;
        };
        service : {
          icrc21_canister_call_consent_message : (icrc21_consent_message_request) -> (icrc21_consent_message_response);
          icrc10_supported_standards : () -> (vec record { name : text; url : text }) query;
        }
        """#

    /// The parsed interface; the tests parse it, so a failure here is a bug caught before release.
    static let parsed: Result<CandidInterface, CandidError> = Result { () throws(CandidError) in
        try CandidInterface(parsing: text, origin: "the ICRC-21 interface")
    }

    static func method(_ name: String) throws(ICPError) -> (CandidInterface, CandidFunctionType) {
        let interface: CandidInterface
        switch parsed {
        case let .success(parsed): interface = parsed
        case let .failure(error): throw ICPError.builtinInterface("the ICRC-21 interface does not parse: \(error)")
        }
        guard let method = interface.method(name) else {
            throw ICPError.builtinInterface("the ICRC-21 interface has no \(name)")
        }
        return (interface, method)
    }
}
